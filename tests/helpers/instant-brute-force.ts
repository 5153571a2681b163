/**
 * The attack on instant wins (docs/security.md "Instant wins predicted before the sale"): an outsider
 * with the public record only (GET /api/contests/{id}/instant-wins before the sale) tries every
 * candidate map, ticketMax^k of them, hashing each in every way the record's public fields allow:
 * both map texts of src/shared/instant-wins.ts, plain SHA-256, and HMAC keyed with anything public.
 * Returns the tickets in prize order, or null. Meant for small maps (a few thousand candidates).
 */
import { hmacSha256, sha256Hex } from "../../src/shared/draw";
import { type InstantPrizeSpec, instantMapText } from "../../src/shared/instant-wins";

export type PublicCommitment = {
  contestId: string;
  ticketMax: number;
  seedHash: string;
  mapHash: string | null;
  prizes: readonly InstantPrizeSpec[];
};

const hex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");

export async function bruteForceInstantMap(pub: PublicCommitment): Promise<number[] | null> {
  const { mapHash, contestId, ticketMax } = pub;
  if (!mapHash) return null; // nothing published to test candidates against
  const prizes = [...pub.prizes].sort((a, b) => a.position - b.position);
  const keys = [contestId, pub.seedHash, String(ticketMax)];
  const matches = async (tickets: number[]) => {
    const map = new Map(prizes.map((p, i) => [p.position, tickets[i] as number]));
    for (const scheme of [1, 2] as const) {
      const text = await instantMapText(contestId, ticketMax, prizes, map, scheme);
      if ((await sha256Hex(text)) === mapHash) return true;
      for (const key of keys) if (hex(await hmacSha256(key, text)) === mapHash) return true;
    }
    return false;
  };
  const search = async (chosen: number[]): Promise<number[] | null> => {
    if (chosen.length === prizes.length) return (await matches(chosen)) ? chosen : null;
    for (let t = 1; t <= ticketMax; t++) {
      if (chosen.includes(t)) continue;
      const found = await search([...chosen, t]);
      if (found) return found;
    }
    return null;
  };
  return search([]);
}
