/**
 * Instant wins, recomputable by anyone (browser, server or scripts/tools/verify-instant-wins.ts;
 * Web Crypto only, like src/shared/draw.ts). docs/fair-play.md "Instant wins" explains the scheme.
 *
 * Before sales open the server picks a secret seed and publishes
 *   seedHash = SHA-256(seed)  and  mapHash = SHA-256(instantMapText(...)).
 * The map gives each prize (in list order) one ticket number in 1..ticketMax, sampled WITHOUT
 * replacement from HMAC-SHA256(key = seed, message = `${contestId}:${ticketMax}:${prizesHash}:${counter}`):
 * the first 8 bytes as a 64-bit integer, the biased tail rejected, a number already taken skipped,
 * `counter` counting up across all prizes. prizesHash = SHA-256(prizeListText(prizes)), so the prize
 * list itself is part of the commitment. After the end the seed is revealed and everything recomputes.
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

/** The map: one distinct ticket in 1..ticketMax per prize, in position order (see the header). */
export async function deriveInstantMap(
  seed: string,
  contestId: string,
  ticketMax: number,
  prizes: readonly InstantPrizeSpec[],
): Promise<InstantMap> {
  if (!Number.isInteger(ticketMax) || ticketMax < 1) throw new Error("ticketMax must be a positive integer");
  if (prizes.length > ticketMax) throw new Error("more instant prizes than tickets");
  const prizesHash = await sha256Hex(prizeListText(prizes));
  const n = BigInt(ticketMax);
  const space = 1n << 64n;
  const limit = space - (space % n); // no modulo bias
  const taken = new Set<number>();
  const map: InstantMap = new Map();
  let counter = 0;
  for (const p of [...prizes].sort((a, b) => a.position - b.position)) {
    for (;;) {
      const mac = await hmacSha256(seed, `${contestId}:${ticketMax}:${prizesHash}:${counter++}`);
      let value = 0n;
      for (let i = 0; i < 8; i++) value = (value << 8n) | BigInt(mac[i] ?? 0);
      if (value >= limit) continue;
      const ticket = Number(value % n) + 1;
      if (taken.has(ticket)) continue; // without replacement: one ticket wins at most one prize
      taken.add(ticket);
      map.set(p.position, ticket);
      break;
    }
  }
  return map;
}

/** The text mapHash is the SHA-256 of: contest, ticket max, prizes hash, then `position:ticket` lines. */
export async function instantMapText(
  contestId: string,
  ticketMax: number,
  prizes: readonly InstantPrizeSpec[],
  map: InstantMap,
): Promise<string> {
  const lines = [...map.entries()].sort(([a], [b]) => a - b).map(([position, ticket]) => `${position}:${ticket}`);
  return [`contest:${contestId}`, `ticketMax:${ticketMax}`, `prizes:${await sha256Hex(prizeListText(prizes))}`, ...lines].join(
    "\n",
  );
}

export async function instantMapHash(
  contestId: string,
  ticketMax: number,
  prizes: readonly InstantPrizeSpec[],
  map: InstantMap,
): Promise<string> {
  return sha256Hex(await instantMapText(contestId, ticketMax, prizes, map));
}

/** What the public reveal gives the verifier (GET /api/contests/{id}/instant-wins after the end). */
export type InstantRevealInput = {
  contestId: string;
  ticketMax: number;
  soldTickets: number;
  seedHash: string;
  mapHash: string;
  seed: string;
  /**
   * The prize tickets that were sold, read from the contest's public entry list (verify-instant-wins
   * does). Without it a ticket counts as sold when it is at most soldTickets, which holds only for
   * consecutive contests (a pick-your-numbers contest sells any numbers up to the maximum).
   */
  soldPrizeTickets?: ReadonlySet<number>;
  prizes: (InstantPrizeSpec & {
    winningTicket: number;
    /** The entry that won it (its ticket range), or null while unawarded. */
    awardedEntry: { firstTicket: number; lastTicket: number } | null;
  })[];
};

export type InstantVerifyResult = { ok: boolean; lines: string[] };

/**
 * Checks a revealed map: the seed matches its hash, the map recomputes from seed + contest +
 * ticket max + prize list and matches its hash, every prize's published ticket is the derived one,
 * and a prize was awarded exactly when its ticket was sold, to an entry holding that ticket.
 */
export async function verifyInstantReveal(r: InstantRevealInput): Promise<InstantVerifyResult> {
  const lines: string[] = [];
  let ok = true;
  const check = (pass: boolean, good: string, bad: string) => {
    lines.push(`${pass ? "OK  " : "FAIL"} ${pass ? good : bad}`);
    if (!pass) ok = false;
  };
  check((await sha256Hex(r.seed)) === r.seedHash, "seed hashes to the published seedHash", "seed does not match seedHash");
  let map: InstantMap;
  try {
    map = await deriveInstantMap(r.seed, r.contestId, r.ticketMax, r.prizes);
  } catch (e) {
    check(false, "", `map cannot be derived: ${e instanceof Error ? e.message : String(e)}`);
    return { ok: false, lines };
  }
  const hash = await instantMapHash(r.contestId, r.ticketMax, r.prizes, map);
  check(hash === r.mapHash, "recomputed map hashes to the published mapHash", "recomputed map does not match mapHash");
  for (const p of [...r.prizes].sort((a, b) => a.position - b.position)) {
    const derived = map.get(p.position);
    check(
      derived === p.winningTicket,
      `prize ${p.position} (${p.label}): ticket #${p.winningTicket}`,
      `prize ${p.position} (${p.label}): published ticket #${p.winningTicket}, derived #${derived}`,
    );
    const sold = r.soldPrizeTickets ? r.soldPrizeTickets.has(p.winningTicket) : p.winningTicket <= r.soldTickets;
    const e = p.awardedEntry;
    if (sold) {
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

export const INSTANT_MESSAGES = {
  needsTicketMax: "Instant prizes need a ticket maximum: set the contest's maximum tickets first",
  tooMany: (max: number) => `More instant prizes than tickets: at most ${max} for this contest`,
  frozen: "Instant prizes are frozen once the first ticket is sold",
  notActive: "Instant prizes can only be set on an active contest",
  ticketMaxFrozen: "Remove the instant prizes before changing the maximum tickets (the prize map is drawn in 1..max)",
} as const;

/**
 * Which of `tickets` an entry of the contest's public entry list holds (the draw record's
 * entriesFile, published after the close), or null when there is no list. `baseUrl` is "" in the
 * browser; the script passes the site's address.
 */
export async function soldPrizeTicketsFromList(
  baseUrl: string,
  contestId: string,
  tickets: ReadonlySet<number>,
): Promise<Set<number> | null> {
  const base = baseUrl.replace(/\/$/, "");
  const rec = await fetch(`${base}/api/contests/${encodeURIComponent(contestId)}/draw`);
  if (!rec.ok) return null;
  const { entriesFile } = (await rec.json()) as { entriesFile?: string };
  if (!entriesFile) return null;
  const res = await fetch(`${base}${entriesFile}`);
  if (!res.ok) return null;
  const sold = new Set<number>();
  for (const line of (await res.text()).split("\n")) {
    const m = /^(\d+)-(\d+):/.exec(line);
    if (!m) continue;
    const first = Number(m[1]);
    const last = Number(m[2]);
    for (const t of tickets) if (first <= t && t <= last) sold.add(t);
  }
  return sold;
}
