/**
 * Provably fair contest draw, recomputable by anyone (browser, server or scripts/tools/verify-draw.ts;
 * Web Crypto only). docs/fair-play.md explains each method.
 *
 *   winningTicket = 1 + (uniform integer below soldTickets) drawn from
 *   HMAC-SHA256(key = seed, message = `${contestId}:${soldTickets}:${...mix}:${counter}`),
 * taking the first 8 bytes as a 64-bit integer and rejecting values in the biased tail
 * (rejection sampling), incrementing `counter` until one is accepted.
 *
 * `mix` is what the draw method adds to the committed seed:
 *   - legacy (contests drawn before draw methods existed): nothing;
 *   - "entries": the SHA-256 of the final entry list (entriesHash);
 *   - "beacon": entriesHash and the randomness of the drand round fixed when sales closed.
 */
import { DRAW_SCHEME_FLAT, DRAW_SCHEME_MERKLE, type DrawScheme, entryLine, merkleRootOfLines } from "./merkle";

const encoder = new TextEncoder();

export type DrawMethod = "entries" | "beacon";

function toHex(bytes: ArrayBuffer): string {
  return [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export async function sha256Hex(text: string): Promise<string> {
  return toHex(await crypto.subtle.digest("SHA-256", encoder.encode(text)));
}

export async function hmacSha256(key: string, message: string): Promise<Uint8Array> {
  const k = await crypto.subtle.importKey("raw", encoder.encode(key), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  return new Uint8Array(await crypto.subtle.sign("HMAC", k, encoder.encode(message)));
}

export async function computeWinningTicket(
  seed: string,
  contestId: string,
  soldTickets: number,
  mix: readonly string[] = [],
): Promise<number | null> {
  if (!Number.isInteger(soldTickets) || soldTickets < 1) return null;
  const n = BigInt(soldTickets);
  const space = 1n << 64n;
  const limit = space - (space % n); // accept only values below a multiple of n: no modulo bias
  const prefix = [contestId, String(soldTickets), ...mix].join(":");
  for (let counter = 0; ; counter++) {
    const mac = await hmacSha256(seed, `${prefix}:${counter}`);
    let value = 0n;
    for (let i = 0; i < 8; i++) value = (value << 8n) | BigInt(mac[i] ?? 0);
    if (value < limit) return Number(value % n) + 1;
  }
}

/** One entry as the public draw record lists it (the hash covers id and range, not the name). */
export type DrawEntry = { id: string; firstTicket: number; lastTicket: number };

/** The text entriesHash is the SHA-256 of: one `first-last:id` line per entry, by first ticket. */
export function entriesDigestText(entries: readonly DrawEntry[]): string {
  return [...entries]
    .sort((a, b) => a.firstTicket - b.firstTicket)
    .map((e) => `${e.firstTicket}-${e.lastTicket}:${e.id}`)
    .join("\n");
}

/**
 * entriesHash for a draw scheme: 1 = SHA-256 of the list's text (draws of scheme 1), 2 = the
 * Merkle root of its lines (src/shared/merkle.ts), which lets a player prove one entry's inclusion.
 */
export function entriesHashOf(entries: readonly DrawEntry[], scheme: DrawScheme = DRAW_SCHEME_FLAT): Promise<string> {
  if (scheme === DRAW_SCHEME_MERKLE) {
    return merkleRootOfLines([...entries].sort((a, b) => a.firstTicket - b.firstTicket).map(entryLine));
  }
  return sha256Hex(entriesDigestText(entries));
}

export type DrawInputs = {
  seed: string;
  contestId: string;
  soldTickets: number;
  /** null = legacy draw (seed and soldTickets only). */
  method: DrawMethod | null;
  entriesHash: string | null;
  beaconRandomness: string | null;
};

/** The winning ticket for any draw method; throws when an input the method needs is missing. */
export function computeDrawWinner(d: DrawInputs): Promise<number | null> {
  if (d.method === null) return computeWinningTicket(d.seed, d.contestId, d.soldTickets);
  if (!d.entriesHash) throw new Error("entriesHash is missing");
  if (d.method === "entries") return computeWinningTicket(d.seed, d.contestId, d.soldTickets, [d.entriesHash]);
  if (!d.beaconRandomness) throw new Error("beacon randomness is missing");
  return computeWinningTicket(d.seed, d.contestId, d.soldTickets, [d.entriesHash, d.beaconRandomness]);
}

/** "Ada Lovelace" → "Ada L." (how the public entry list and winners gallery mask names). */
export function maskedName(firstName: string, lastName: string): string {
  const initial = lastName.trim().charAt(0);
  return initial ? `${firstName.trim()} ${initial.toUpperCase()}.` : firstName.trim();
}
