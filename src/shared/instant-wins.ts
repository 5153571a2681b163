/**
 * Instant wins, recomputable by anyone (browser, server or scripts/tools/verify-instant-wins.ts;
 * Web Crypto only, like src/shared/draw.ts). docs/fair-play.md "Instant wins" explains the scheme
 * and what each published hash proves.
 *
 * Before sales open the server picks a secret 32-byte seed and publishes seedHash = SHA-256(seed).
 * The map gives each prize (in list order) one ticket number in 1..ticketMax, sampled WITHOUT
 * replacement from HMAC-SHA256(key = seed, message = `${contestId}:${ticketMax}:${prizesHash}:${counter}`):
 * the first 8 bytes as a 64-bit integer, the biased tail rejected, a number already taken skipped,
 * `counter` counting up across all prizes. prizesHash = SHA-256(prizeListText(prizes)), so the prize
 * list itself is part of the commitment. After the end the seed is revealed and everything recomputes.
 *
 * The map's own commitment, mapHash, has two schemes (`scheme` on the contest and in its record):
 *  - 2 (every map committed now): HMAC-SHA256(key = seed, instantMapText). Keyed with the secret
 *    seed, it says nothing about the tickets until the seed is revealed.
 *  - 1 (maps committed before scheme 2): SHA-256(instantMapText). Every part of that text but the
 *    tickets is public, so trying the ticketMax^k candidate maps finds the one that hashes to it:
 *    it is published only after the reveal, and the maps of contests still on sale were re-drawn.
 * A re-drawn map (`InstantRedraw`, ../server/services/checkout/instant-redraw.ts) keeps the tickets
 * of prizes already won ("carried") and draws the others from a fresh seed among the tickets not
 * sold at that moment (`excluded`, committed by its SHA-256 and bound into the HMAC messages).
 * What an admin sends to set the prizes is checked by ./schemas/instant-wins.ts.
 */
import { hmacSha256, sha256Hex } from "./draw";

export const INSTANT_PRIZE_KINDS = ["cash", "credit", "physical"] as const;
export type InstantPrizeKind = (typeof INSTANT_PRIZE_KINDS)[number];
export const INSTANT_PRIZE_KIND_LABELS: Record<InstantPrizeKind, string> = {
  cash: "Cash to balance",
  credit: "Site credit",
  physical: "Physical prize",
};
/** At most this many instant prizes per contest (each is one row and one map number). */
export const MAX_INSTANT_PRIZES = 100;
/** Largest cash/credit amount or cash alternative of one instant prize (USD). */
export const MAX_INSTANT_AMOUNT = 100_000;

/** One prize of the committed list; `amount` is the API's money string ("25.00") or null. */
export type InstantPrizeSpec = { position: number; kind: InstantPrizeKind; label: string; amount: string | null };

/** The text prizesHash covers: one `position|kind|amount|label` line per prize, by position. */
export function prizeListText(prizes: readonly InstantPrizeSpec[]): string {
  return [...prizes]
    .sort((a, b) => a.position - b.position)
    .map((p) => `${p.position}|${p.kind}|${p.amount ?? "-"}|${p.label}`)
    .join("\n");
}

/** position → winning ticket, for every prize of the list. */
export type InstantMap = Map<number, number>;

/** How mapHash is made: 1 = SHA-256 of the map text (brute-forceable, legacy), 2 = HMAC keyed with the seed. */
export type InstantScheme = 1 | 2;
/** The scheme every new commitment uses. */
export const INSTANT_SCHEME: InstantScheme = 2;

/** Ticket numbers as inclusive ranges [first, last], sorted and disjoint once merged. */
export type TicketRange = readonly [number, number];

/** Sorts and merges ranges (overlapping or touching ones become one). */
export function mergeTicketRanges(ranges: Iterable<TicketRange>): [number, number][] {
  const sorted = [...ranges].map(([a, b]): [number, number] => [a, b]).sort((x, y) => x[0] - y[0]);
  const out: [number, number][] = [];
  for (const [a, b] of sorted) {
    const last = out[out.length - 1];
    if (last && a <= last[1] + 1) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

/** "1-57,60,99-100": merged ranges as text ("" for none), the form `excluded` is committed in. */
export function ticketRangesText(ranges: Iterable<TicketRange>): string {
  return mergeTicketRanges(ranges)
    .map(([a, b]) => (a === b ? String(a) : `${a}-${b}`))
    .join(",");
}

/** The ranges of a ticketRangesText, checked to be in its canonical form within 1..ticketMax. */
export function parseTicketRanges(text: string, ticketMax: number): [number, number][] {
  if (text === "") return [];
  const ranges = text.split(",").map((part) => {
    const m = /^(\d+)(?:-(\d+))?$/.exec(part);
    if (!m) throw new Error(`bad ticket range "${part}"`);
    const a = Number(m[1]);
    const b = m[2] === undefined ? a : Number(m[2]);
    if (a < 1 || b < a || b > ticketMax) throw new Error(`ticket range "${part}" is outside 1..${ticketMax}`);
    return [a, b] as [number, number];
  });
  if (ticketRangesText(ranges) !== text) throw new Error("ticket ranges are not sorted and merged");
  return ranges;
}

export const countTickets = (ranges: readonly TicketRange[]): number => ranges.reduce((n, [a, b]) => n + b - a + 1, 0);

/** The k-th (0-based) number of 1.. that no range of `blocked` (merged) covers. */
function kthFree(blocked: readonly TicketRange[], k: number): number {
  let left = k;
  let prev = 0;
  for (const [a, b] of blocked) {
    const gap = a - prev - 1;
    if (left < gap) return prev + 1 + left;
    left -= gap;
    prev = b;
  }
  return prev + 1 + left;
}

/**
 * A map drawn again over one committed before: the prizes already won keep their tickets
 * (`carried`: position → ticket) and the others are drawn among the tickets outside `excluded`
 * (those sold at that moment, as ticketRangesText) and outside the carried ones.
 */
export type InstantRedraw = { carried: ReadonlyMap<number, number>; excluded: string };

/** 0 ≤ value < n from the first 8 bytes of successive HMACs (the biased tail rejected). */
async function uniformBelow(n: number, next: () => Promise<Uint8Array>): Promise<number> {
  const big = BigInt(n);
  const space = 1n << 64n;
  const limit = space - (space % big); // no modulo bias
  for (;;) {
    const mac = await next();
    let value = 0n;
    for (let i = 0; i < 8; i++) value = (value << 8n) | BigInt(mac[i] ?? 0);
    if (value < limit) return Number(value % big);
  }
}

/**
 * The map: one distinct ticket in 1..ticketMax per prize, in position order (see the header). With
 * `redraw`, the carried prizes keep their tickets and every other prize is drawn uniformly among the
 * tickets neither excluded nor taken, from messages that also bind SHA-256(excluded).
 */
export async function deriveInstantMap(
  seed: string,
  contestId: string,
  ticketMax: number,
  prizes: readonly InstantPrizeSpec[],
  redraw?: InstantRedraw | null,
): Promise<InstantMap> {
  if (!Number.isInteger(ticketMax) || ticketMax < 1) throw new Error("ticketMax must be a positive integer");
  if (prizes.length > ticketMax) throw new Error("more instant prizes than tickets");
  const prizesHash = await sha256Hex(prizeListText(prizes));
  const ordered = [...prizes].sort((a, b) => a.position - b.position);
  const map: InstantMap = new Map();
  let counter = 0;
  if (!redraw) {
    const taken = new Set<number>();
    for (const p of ordered) {
      for (;;) {
        const ticket =
          (await uniformBelow(ticketMax, () => hmacSha256(seed, `${contestId}:${ticketMax}:${prizesHash}:${counter++}`))) + 1;
        if (taken.has(ticket)) continue; // without replacement: one ticket wins at most one prize
        taken.add(ticket);
        map.set(p.position, ticket);
        break;
      }
    }
    return map;
  }
  const excludedHash = await sha256Hex(redraw.excluded);
  const positions = new Set(ordered.map((p) => p.position));
  for (const [position, ticket] of redraw.carried) {
    if (!positions.has(position)) throw new Error(`carried prize ${position} is not in the list`);
    if (!Number.isInteger(ticket) || ticket < 1 || ticket > ticketMax)
      throw new Error(`carried ticket #${ticket} is outside 1..${ticketMax}`);
  }
  if (new Set(redraw.carried.values()).size !== redraw.carried.size) throw new Error("two carried prizes share a ticket");
  let blocked = mergeTicketRanges([
    ...parseTicketRanges(redraw.excluded, ticketMax),
    ...[...redraw.carried.values()].map((t): TicketRange => [t, t]),
  ]);
  for (const p of ordered) {
    const kept = redraw.carried.get(p.position);
    if (kept !== undefined) {
      map.set(p.position, kept);
      continue;
    }
    const free = ticketMax - countTickets(blocked);
    if (free < 1) throw new Error("no ticket left to draw an instant prize in");
    const k = await uniformBelow(free, () =>
      hmacSha256(seed, `${contestId}:${ticketMax}:${prizesHash}:${excludedHash}:${counter++}`),
    );
    const ticket = kthFree(blocked, k);
    map.set(p.position, ticket);
    blocked = mergeTicketRanges([...blocked, [ticket, ticket]]);
  }
  return map;
}

/**
 * The text mapHash covers. Scheme 1: contest, ticket max, prizes hash, then `position:ticket` lines.
 * Scheme 2 opens with `scheme:2` and, for a redraw, adds `excluded:<SHA-256 of the excluded text>`
 * and `carried:<positions>` before the lines.
 */
export async function instantMapText(
  contestId: string,
  ticketMax: number,
  prizes: readonly InstantPrizeSpec[],
  map: InstantMap,
  scheme: InstantScheme = 1,
  redraw?: InstantRedraw | null,
): Promise<string> {
  const lines = [...map.entries()].sort(([a], [b]) => a - b).map(([position, ticket]) => `${position}:${ticket}`);
  const head = [`contest:${contestId}`, `ticketMax:${ticketMax}`, `prizes:${await sha256Hex(prizeListText(prizes))}`];
  if (scheme === 1) {
    if (redraw) throw new Error("scheme 1 has no redraw");
    return [...head, ...lines].join("\n");
  }
  const redrawLines = redraw
    ? [`excluded:${await sha256Hex(redraw.excluded)}`, `carried:${[...redraw.carried.keys()].sort((a, b) => a - b).join(",")}`]
    : [];
  return ["scheme:2", ...head, ...redrawLines, ...lines].join("\n");
}

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

/** Everything a map's commitment is made from. */
export type InstantCommitment = {
  seed: string;
  contestId: string;
  ticketMax: number;
  prizes: readonly InstantPrizeSpec[];
  scheme: InstantScheme;
  redraw?: InstantRedraw | null;
};

/** mapHash: scheme 2 = HMAC-SHA256(key = seed, text); scheme 1 = SHA-256(text) (see the header). */
export async function instantMapHash(c: InstantCommitment, map: InstantMap): Promise<string> {
  const text = await instantMapText(c.contestId, c.ticketMax, c.prizes, map, c.scheme, c.redraw);
  return c.scheme === 1 ? sha256Hex(text) : hex(await hmacSha256(c.seed, text));
}

/** Draws the map of a commitment and the two hashes to publish. */
export async function commitInstantMap(c: InstantCommitment): Promise<{ map: InstantMap; seedHash: string; mapHash: string }> {
  const map = await deriveInstantMap(c.seed, c.contestId, c.ticketMax, c.prizes, c.redraw);
  return { map, seedHash: await sha256Hex(c.seed), mapHash: await instantMapHash(c, map) };
}

/**
 * A redraw as its public record tells it (after the reveal): the replaced commitment (a scheme-1
 * map, its seed revealed with the new one), the excluded tickets and their hash, the carried prizes.
 */
export type InstantRedrawReveal = {
  excluded: string;
  excludedHash: string;
  carried: number[];
  previous: { scheme: InstantScheme; seed: string; seedHash: string; mapHash: string };
};

/** What the public reveal gives the verifier (GET /api/contests/{id}/instant-wins after the end). */
export type InstantRevealInput = {
  contestId: string;
  ticketMax: number;
  soldTickets: number;
  /** Absent in records made before schemes were numbered: 1. */
  scheme?: InstantScheme;
  seedHash: string;
  mapHash: string;
  seed: string;
  redraw?: InstantRedrawReveal | null;
  /**
   * The tickets sold, read from the contest's public entry list (verify-instant-wins does). Without
   * it tickets 1..soldTickets count as sold, which holds only for consecutive contests (a
   * pick-your-numbers contest sells any numbers up to the maximum).
   */
  soldRanges?: readonly TicketRange[];
  prizes: (InstantPrizeSpec & {
    winningTicket: number;
    /** The entry that won it (its ticket range), or null while unawarded. */
    awardedEntry: { firstTicket: number; lastTicket: number } | null;
  })[];
};

export type InstantVerifyResult = { ok: boolean; lines: string[] };

const inRanges = (ranges: readonly TicketRange[], t: number) => ranges.some(([a, b]) => a <= t && t <= b);

/**
 * Checks a revealed map: the seed matches its hash, the map recomputes from seed + contest +
 * ticket max + prize list (+ a redraw's excluded tickets and carried prizes) and matches mapHash
 * under its scheme, every prize's published ticket is the derived one, and a prize was awarded
 * exactly when its ticket was sold, to an entry holding that ticket. A redraw also checks the
 * replaced commitment: its seed and map hash, the carried prizes' tickets in that map, and that
 * every excluded ticket was indeed sold.
 */
export async function verifyInstantReveal(r: InstantRevealInput): Promise<InstantVerifyResult> {
  const lines: string[] = [];
  let ok = true;
  const check = (pass: boolean, good: string, bad: string) => {
    lines.push(`${pass ? "OK  " : "FAIL"} ${pass ? good : bad}`);
    if (!pass) ok = false;
  };
  const scheme = r.scheme ?? 1;
  const sold: readonly TicketRange[] = r.soldRanges ?? (r.soldTickets > 0 ? [[1, r.soldTickets]] : []);
  lines.push(
    `INFO scheme ${scheme}: mapHash = ${scheme === 1 ? "SHA-256(map text), published only after the reveal" : "HMAC-SHA256(seed, map text)"}`,
  );
  check((await sha256Hex(r.seed)) === r.seedHash, "seed hashes to the published seedHash", "seed does not match seedHash");
  let redraw: InstantRedraw | null = null;
  if (r.redraw) {
    const d = r.redraw;
    check(scheme === 2, "a redraw is a scheme-2 map", "a redraw must be a scheme-2 map");
    check(
      (await sha256Hex(d.excluded)) === d.excludedHash,
      "excluded tickets hash to the published excludedHash",
      "excluded tickets do not match excludedHash",
    );
    let excluded: [number, number][] = [];
    try {
      excluded = parseTicketRanges(d.excluded, r.ticketMax);
    } catch (e) {
      check(false, "", `excluded tickets: ${e instanceof Error ? e.message : String(e)}`);
    }
    const unsold = excluded.flatMap(([a, b]) => (sold.some(([x, y]) => x <= a && b <= y) ? [] : [`${a}-${b}`]));
    check(
      unsold.length === 0,
      `the ${countTickets(excluded)} excluded tickets were sold when the map was re-drawn`,
      `excluded tickets never sold: ${unsold.slice(0, 5).join(", ")}`,
    );
    const byPosition = new Map(r.prizes.map((p) => [p.position, p]));
    const carried = new Map<number, number>();
    for (const position of d.carried) {
      const p = byPosition.get(position);
      if (p) carried.set(position, p.winningTicket);
      check(
        p !== undefined && p.awardedEntry !== null,
        `prize ${position} was already won when re-drawn (carried)`,
        `carried prize ${position} was never won`,
      );
    }
    redraw = { carried, excluded: d.excluded };
    const prev = d.previous;
    check(
      (await sha256Hex(prev.seed)) === prev.seedHash,
      "the replaced seed hashes to its seedHash",
      "the replaced seed does not match its seedHash",
    );
    try {
      const before = await deriveInstantMap(prev.seed, r.contestId, r.ticketMax, r.prizes);
      const commitment = {
        seed: prev.seed,
        contestId: r.contestId,
        ticketMax: r.ticketMax,
        prizes: r.prizes,
        scheme: prev.scheme,
      };
      check(
        (await instantMapHash(commitment, before)) === prev.mapHash,
        "the replaced map recomputes and hashes to its mapHash",
        "the replaced map does not match its mapHash",
      );
      for (const [position, ticket] of carried)
        check(
          before.get(position) === ticket,
          `carried prize ${position}: ticket #${ticket} in the replaced map`,
          `carried prize ${position}: ticket #${ticket}, replaced map says #${before.get(position)}`,
        );
    } catch (e) {
      check(false, "", `the replaced map cannot be derived: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  let map: InstantMap;
  try {
    map = await deriveInstantMap(r.seed, r.contestId, r.ticketMax, r.prizes, redraw);
  } catch (e) {
    check(false, "", `map cannot be derived: ${e instanceof Error ? e.message : String(e)}`);
    return { ok: false, lines };
  }
  const hash = await instantMapHash(
    { seed: r.seed, contestId: r.contestId, ticketMax: r.ticketMax, prizes: r.prizes, scheme, redraw },
    map,
  );
  check(hash === r.mapHash, "recomputed map hashes to the published mapHash", "recomputed map does not match mapHash");
  for (const p of [...r.prizes].sort((a, b) => a.position - b.position)) {
    const derived = map.get(p.position);
    check(
      derived === p.winningTicket,
      `prize ${p.position} (${p.label}): ticket #${p.winningTicket}`,
      `prize ${p.position} (${p.label}): published ticket #${p.winningTicket}, derived #${derived}`,
    );
    const e = p.awardedEntry;
    if (inRanges(sold, p.winningTicket)) {
      check(
        e !== null && e.firstTicket <= p.winningTicket && p.winningTicket <= e.lastTicket,
        `prize ${p.position}: awarded to the entry holding ticket #${p.winningTicket} (#${e?.firstTicket}–#${e?.lastTicket})`,
        `prize ${p.position}: ticket #${p.winningTicket} was sold but the prize is not awarded to the entry holding it`,
      );
    } else {
      check(
        e === null,
        `prize ${p.position}: ticket not sold, prize not awarded`,
        `prize ${p.position}: awarded although ticket #${p.winningTicket} was not sold`,
      );
    }
  }
  return { ok, lines };
}

/** The fields of the public record (GET /api/contests/{id}/instant-wins) the verifier reads. */
export type PublicInstantRecord = {
  contestId: string;
  ticketMax: number | null;
  soldTickets: number;
  scheme: number | null;
  seedHash: string | null;
  mapHash: string | null;
  seed: string | null;
  revealed: boolean;
  redraw: {
    excludedHash: string;
    carried: number[];
    previousSeedHash: string;
    excluded: string | null;
    previousMapHash: string | null;
    previousSeed: string | null;
  } | null;
  prizes: (InstantPrizeSpec & {
    winningTicket: number | null;
    awardedEntry: { firstTicket: number; lastTicket: number } | null;
  })[];
};

/**
 * Verifies a public record once revealed (the contest page and scripts/tools/verify-instant-wins.ts
 * share this): what is missing fails, then verifyInstantReveal. `soldRanges` from the public entry
 * list (soldRangesFromList), or null for a consecutive contest without one.
 */
export async function verifyInstantRecord(
  r: PublicInstantRecord,
  soldRanges: readonly TicketRange[] | null,
): Promise<InstantVerifyResult> {
  const fail = (line: string): InstantVerifyResult => ({ ok: false, lines: [`FAIL ${line}`] });
  if (!r.seedHash || r.ticketMax === null) return fail("this contest has no instant prizes");
  if (!r.revealed || !r.seed) return fail("not revealed yet: the seed and the map are published when sales are over");
  if (!r.mapHash) return fail("no mapHash published after the reveal");
  const prizes = [];
  for (const p of r.prizes) {
    if (p.winningTicket === null) return fail(`prize ${p.position} (${p.label}) has no published ticket after the reveal`);
    prizes.push({ ...p, winningTicket: p.winningTicket });
  }
  const d = r.redraw;
  if (d && (d.excluded === null || d.previousSeed === null || d.previousMapHash === null))
    return fail("the re-drawn map's excluded tickets and replaced commitment are not published after the reveal");
  return verifyInstantReveal({
    ...(soldRanges ? { soldRanges } : {}),
    contestId: r.contestId,
    ticketMax: r.ticketMax,
    soldTickets: r.soldTickets,
    // Records served before schemes were numbered carry none: scheme 1.
    scheme: r.scheme === 2 ? 2 : 1,
    seed: r.seed,
    seedHash: r.seedHash,
    mapHash: r.mapHash,
    redraw:
      d && d.excluded !== null && d.previousSeed !== null && d.previousMapHash !== null
        ? {
            excluded: d.excluded,
            excludedHash: d.excludedHash,
            carried: d.carried,
            previous: { scheme: 1, seed: d.previousSeed, seedHash: d.previousSeedHash, mapHash: d.previousMapHash },
          }
        : null,
    prizes,
  });
}

export const INSTANT_MESSAGES = {
  needsTicketMax: "Instant prizes need a ticket maximum: set the contest's maximum tickets first",
  tooMany: (max: number) => `More instant prizes than tickets: at most ${max} for this contest`,
  frozen: "Instant prizes are frozen once the first ticket is sold",
  notActive: "Instant prizes can only be set on an active contest",
  ticketMaxFrozen: "Remove the instant prizes before changing the maximum tickets (the prize map is drawn in 1..max)",
} as const;

/**
 * The tickets sold, as merged ranges, read from the contest's public entry list (the draw record's
 * entriesFile, published after the close), or null when there is no list. `baseUrl` is "" in the
 * browser; the script passes the site's address.
 */
export async function soldRangesFromList(baseUrl: string, contestId: string): Promise<[number, number][] | null> {
  const base = baseUrl.replace(/\/$/, "");
  const rec = await fetch(`${base}/api/contests/${encodeURIComponent(contestId)}/draw`);
  if (!rec.ok) return null;
  const { entriesFile } = (await rec.json()) as { entriesFile?: string };
  if (!entriesFile) return null;
  const res = await fetch(`${base}${entriesFile}`);
  if (!res.ok) return null;
  const ranges: TicketRange[] = [];
  for (const line of (await res.text()).split("\n")) {
    const m = /^(\d+)-(\d+):/.exec(line);
    if (m) ranges.push([Number(m[1]), Number(m[2])]);
  }
  return mergeTicketRanges(ranges);
}
