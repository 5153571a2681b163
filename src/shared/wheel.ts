/**
 * The Fortune Wheel: segments, odds, price and the provably fair draw. One implementation for the
 * server (which decides) and the browser (which animates and verifies), on Web Crypto only.
 *
 * Draw: mac = HMAC-SHA256(key = serverSeed, message = `${clientSeed}:${nonce}`). The MAC is read as
 * four 64-bit big-endian integers; the first one below the largest multiple of the total weight is
 * accepted (rejection sampling: no modulo bias) and `roll = value % totalWeight` picks the segment
 * whose cumulative weight range contains it (segments in wheel order). If all four were rejected
 * (probability about 2^-200) the message gets a round suffix `:${round}` and the search continues.
 *
 * Odds (docs/product.md §9: 70% LOSE, 20% TRY AGAIN, 10% a prize), weights in basis points of 10,000:
 *   5 LOSE segments × 1,400 = 7,000 (70%)
 *   2 TRY AGAIN segments × 1,000 = 2,000 (20%)
 *   the 10% prize share splits 6% / 3% / 1%: $0.02 600, $0.05 300, $0.10 (jackpot) 100.
 * TRY AGAIN grants one immediate re-spin of the same kind at no cost, so the expected payout of
 * one paid spin is Σ(p·prize) / (1 − p(TRY AGAIN)) = 0.0037 / 0.8 = $0.004625 for a $0.001 price:
 * with the spec's numbers the house pays out about 4.6× what a paid spin costs. Admins see this
 * through `wheel.economics`; the defaults below stay the spec's.
 *
 * What an admin or a player may send is checked by ./schemas/wheel.ts (zod stays out of the browser's
 * wheel teaser, which every signed-in home shows).
 */
import { hmacSha256 } from "./draw";
import { addMoney, formatUsd, multiplyMoney, toDecimal } from "./money";

export const WHEEL_OUTCOMES = ["lose", "retry", "prize"] as const;
export type WheelOutcome = (typeof WHEEL_OUTCOMES)[number];

export type WheelSegment = {
  /** Text drawn on the wheel: "LOSE", "TRY AGAIN", "$0.02". */
  label: string;
  /** docs/product.md §3: LOSE 0, TRY AGAIN -1, a prize its dollar value (display only). */
  value: number;
  outcome: WheelOutcome;
  /** Decimal string, exact ("0.02"); "0" unless outcome is "prize". */
  prize: string;
  /** Relative weight (integer). */
  weight: number;
  color: string;
};

export type WheelConfig = {
  /** Price of a paid spin, decimal string ("0.001"). */
  spinPrice: string;
  freeSpinIntervalHours: number;
  segments: WheelSegment[];
};

const WHEEL_LABELS = { lose: "LOSE", retry: "TRY AGAIN" } as const;

const lose = (): WheelSegment => ({ label: "LOSE", value: 0, outcome: "lose", prize: "0", weight: 1400, color: "#e03131" });
const retry = (): WheelSegment => ({
  label: "TRY AGAIN",
  value: -1,
  outcome: "retry",
  prize: "0",
  weight: 1000,
  color: "#f59f00",
});
const prize = (amount: string, weight: number, color: string): WheelSegment => ({
  label: `$${amount}`,
  value: Number(amount),
  outcome: "prize",
  prize: amount,
  weight,
  color,
});

/** docs/product.md §9 defaults: 10 segments, LOSE alternating with the others. */
export const DEFAULT_WHEEL_CONFIG: WheelConfig = {
  spinPrice: "0.001",
  freeSpinIntervalHours: 24,
  segments: [
    lose(),
    prize("0.02", 600, "#2f9e44"),
    lose(),
    retry(),
    lose(),
    prize("0.05", 300, "#1971c2"),
    lose(),
    retry(),
    lose(),
    prize("0.10", 100, "#9c36b5"),
  ],
};

/** Timings of the spin animation (docs/product.md §9). */
export const WHEEL_ANIMATION = {
  minSpinMs: 3000,
  stopFrames: 60,
  minExtraTurns: 4,
  canvasSize: 450,
  /** prefers-reduced-motion: no acceleration phase, a short stop, no extra turns. */
  reducedStopFrames: 12,
} as const;

export function totalWeight(config: WheelConfig): number {
  return config.segments.reduce((s, x) => s + x.weight, 0);
}

/** The segment whose cumulative weight range holds `roll` (0 <= roll < total weight). */
export function segmentForRoll(config: WheelConfig, roll: number): number {
  let acc = 0;
  for (let i = 0; i < config.segments.length; i++) {
    acc += config.segments[i]?.weight ?? 0;
    if (roll < acc) return i;
  }
  throw new Error(`roll ${roll} outside the total weight ${acc}`);
}

/** An unbiased integer below `total` from HMAC output (see the header), or null if every chunk was rejected. */
export function rollFromMac(mac: Uint8Array, total: number): number | null {
  const n = BigInt(total);
  const space = 1n << 64n;
  const limit = space - (space % n);
  for (let chunk = 0; chunk + 8 <= mac.length; chunk += 8) {
    let value = 0n;
    for (let i = 0; i < 8; i++) value = (value << 8n) | BigInt(mac[chunk + i] ?? 0);
    if (value < limit) return Number(value % n);
  }
  return null;
}

export type WheelDraw = { roll: number; segmentIndex: number; segment: WheelSegment };

/** The provably fair outcome of one spin: deterministic in (serverSeed, clientSeed, nonce, config). */
export async function drawWheel(
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  config: WheelConfig = DEFAULT_WHEEL_CONFIG,
): Promise<WheelDraw> {
  const total = totalWeight(config);
  for (let round = 0; ; round++) {
    const message = round === 0 ? `${clientSeed}:${nonce}` : `${clientSeed}:${nonce}:${round}`;
    const roll = rollFromMac(await hmacSha256(serverSeed, message), total);
    if (roll !== null) {
      const segmentIndex = segmentForRoll(config, roll);
      return { roll, segmentIndex, segment: config.segments[segmentIndex] as WheelSegment };
    }
  }
}

export type WheelEconomics = {
  spinPrice: string;
  totalWeight: number;
  /** Probability of each outcome per draw (0..1). */
  pLose: number;
  pRetry: number;
  pPrize: number;
  segments: { label: string; outcome: WheelOutcome; prize: string; probability: number }[];
  /** Expected prize of a single draw, in dollars. */
  expectedPrizePerDraw: number;
  /** Expected draws per paid spin, counting TRY AGAIN re-spins: 1 / (1 − pRetry). */
  expectedDrawsPerSpin: number;
  /** Expected total payout of one paid spin including its re-spins, in dollars. */
  expectedPayoutPerPaidSpin: number;
  /** Expected payout / price (1 = break-even; above 1 the house loses money on paid spins). */
  returnToPlayer: number;
  /** Price − expected payout per paid spin; negative means the house loses. */
  houseEdgePerPaidSpin: number;
  paysMoreThanCost: boolean;
};

/** Expected figures of a configuration (display figures, not money movements: plain numbers are fine). */
export function wheelEconomics(config: WheelConfig): WheelEconomics {
  const total = totalWeight(config);
  const p = (o: WheelOutcome) => config.segments.filter((s) => s.outcome === o).reduce((a, s) => a + s.weight, 0) / total;
  const pRetry = p("retry");
  // Σ weight × prize is exact (src/shared/money.ts); divide once at the end.
  const weighted = addMoney(...config.segments.map((s) => multiplyMoney(s.prize, s.weight)));
  const expectedPrizePerDraw = weighted.dividedBy(total).toNumber();
  const expectedDrawsPerSpin = pRetry < 1 ? 1 / (1 - pRetry) : Number.POSITIVE_INFINITY;
  const expectedPayoutPerPaidSpin = expectedPrizePerDraw * expectedDrawsPerSpin;
  const price = toDecimal(config.spinPrice).toNumber();
  return {
    spinPrice: config.spinPrice,
    totalWeight: total,
    pLose: p("lose"),
    pRetry,
    pPrize: p("prize"),
    segments: config.segments.map((s) => ({
      label: s.label,
      outcome: s.outcome,
      prize: s.prize,
      probability: s.weight / total,
    })),
    expectedPrizePerDraw,
    expectedDrawsPerSpin,
    expectedPayoutPerPaidSpin,
    returnToPlayer: expectedPayoutPerPaidSpin / price,
    houseEdgePerPaidSpin: price - expectedPayoutPerPaidSpin,
    paysMoreThanCost: expectedPayoutPerPaidSpin > price,
  };
}

/** docs/product.md §8 result toasts: title + message (together the spec's text). */
export function wheelResultToast(outcome: WheelOutcome, prizeAmount: string): { title: string; message: string } {
  if (outcome === "prize") return { title: "Congratulations!", message: `You won ${formatUsd(prizeAmount, "mills")}!` };
  if (outcome === "retry") return { title: "Try Again!", message: "You can try again!" };
  return { title: "You Lost!", message: "Better luck next time! Try spinning again." };
}

export function wheelResultText(outcome: WheelOutcome, prizeAmount: string): string {
  const t = wheelResultToast(outcome, prizeAmount);
  return `${t.title} ${t.message}`;
}

/**
 * Animation geometry. The pointer is at the top; segment i spans [i, i+1) × (2π / n) clockwise from
 * the top when the wheel's rotation is 0. The segment under the pointer at rotation θ:
 */
export function segmentAtPointer(rotation: number, segmentCount: number): number {
  const seg = (2 * Math.PI) / segmentCount;
  const a = (((-rotation % (2 * Math.PI)) + 2 * Math.PI) % (2 * Math.PI)) / seg;
  return Math.min(segmentCount - 1, Math.floor(a));
}

/** Final rotation that puts segment `index` under the pointer, at least `extraTurns` full turns past `from`. */
export function targetRotation(from: number, index: number, segmentCount: number, extraTurns: number, jitter = 0): number {
  const seg = (2 * Math.PI) / segmentCount;
  const full = 2 * Math.PI;
  // Rotation θ puts angle (i + 0.5 + jitter)·seg (measured on the wheel) under the pointer when θ ≡ −that.
  const desired = -((index + 0.5 + Math.max(-0.4, Math.min(0.4, jitter))) * seg);
  const delta = (((desired - from) % full) + full) % full;
  return from + delta + extraTurns * full;
}

/** "every 24 hours", "every hour", "every 48 hours". */
function intervalPhrase(hours: number): string {
  return hours === 1 ? "every hour" : `every ${hours} hours`;
}

function percent(p: number): string {
  const v = Math.round(p * 1000) / 10;
  return `${Number.isInteger(v) ? v.toFixed(0) : v.toFixed(1)}%`;
}

/** "a", "a or b", "a, b or c". */
function orList(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} or ${items.at(-1)}`;
}

/**
 * Every sentence that names the wheel's price, interval, prizes or odds, built from its
 * configuration (admins change it under AppSetting "wheel"; no page repeats the numbers).
 * Amounts keep their third decimal ($0.001): the wheel is where it matters (src/shared/money.ts).
 */
export function wheelTexts(config: WheelConfig) {
  const price = formatUsd(config.spinPrice, "mills");
  const every = intervalPhrase(config.freeSpinIntervalHours);
  const prizes = [...new Set(config.segments.filter((s) => s.outcome === "prize").map((s) => s.prize))]
    .sort((a, b) => toDecimal(a).comparedTo(toDecimal(b)))
    .map((p) => formatUsd(p, "mills"));
  const jackpot = prizes.at(-1);
  const smaller = prizes.slice(0, -1);
  const prizeList = jackpot ? orList([...smaller, `the ${jackpot} jackpot`]) : "";
  const e = wheelEconomics(config);
  const prizeOdds = e.segments
    .filter((s) => s.outcome === "prize")
    .reduce<Map<string, number>>((m, s) => m.set(s.prize, (m.get(s.prize) ?? 0) + s.probability), new Map());
  const prizeOddsText = [...prizeOdds.entries()]
    .sort(([a], [b]) => toDecimal(a).comparedTo(toDecimal(b)))
    .map(([p, prob]) => `${formatUsd(p, "mills")} ${percent(prob)}`)
    .join(", ");
  return {
    price,
    prizes,
    jackpot: jackpot ?? null,
    /** Wheel page header. */
    headline: `One free spin ${every}. Extra spins ${price}.`,
    /** Signed-in home teaser. */
    teaser: `One free spin ${every}. Extra spins only ${price}.`,
    howToFree: `Press Free Spin once ${every}, or spin for ${price} from your balance.`,
    howToPrizes: prizeList ? `Win ${prizeList}, credited to your balance at once.` : "",
    minSpin: `The wheel spins for at least ${WHEEL_ANIMATION.minSpinMs / 1000} seconds and stops on your result.`,
    needBalance: `A paid spin needs a balance of at least ${price}.`,
    spinFor: `Spin for ${price}`,
    odds: `${percent(e.pLose)} ${WHEEL_LABELS.lose}, ${percent(e.pRetry)} ${WHEEL_LABELS.retry}, ${percent(e.pPrize)} prizes${
      prizeOddsText ? `: ${prizeOddsText}` : ""
    }`,
    /** Page description (metadata). */
    description: `Spin the Fortune Wheel once ${every} for free. Extra spins ${price}${prizeList ? `; win ${prizeList}` : ""}.`,
    /** Server refusals (src/server/services/wheel/spin.ts). */
    noFreeSpin: `No free spin available. Your next free spin is in less than ${config.freeSpinIntervalHours} hour${
      config.freeSpinIntervalHours === 1 ? "" : "s"
    }.`,
    insufficientBalance: `Insufficient balance for a paid spin (${price} needed)`,
  };
}

/** What the signed-in home's teaser shows: built here, on the server, so the home's browser code carries no wheel arithmetic. */
export type WheelTeaserTexts = { teaser: string; prizes: string[]; jackpot: string | null; hasRetry: boolean };

export function wheelTeaser(config: WheelConfig): WheelTeaserTexts {
  const { teaser, prizes, jackpot } = wheelTexts(config);
  return { teaser, prizes, jackpot, hasRetry: config.segments.some((s) => s.outcome === "retry") };
}
