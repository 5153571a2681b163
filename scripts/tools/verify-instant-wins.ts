/**
 * npm run verify:instant-wins -- <base-url> <contestId>
 *
 * Checks a contest's instant wins from its PUBLIC record only
 * (GET <base-url>/api/contests/<id>/instant-wins) and the shared code (src/shared/instant-wins.ts):
 *   1. the revealed seed hashes to the seedHash published before sales opened;
 *   2. the map recomputes from seed + contest id + ticket maximum + prize list and hashes to mapHash
 *      under the record's scheme (2: HMAC keyed with the seed; 1, maps committed before it: SHA-256);
 *      a re-drawn map also checks the replaced seed and map, the carried prizes' tickets in it and
 *      that every excluded ticket was sold;
 *   3. each prize's published winning ticket is the recomputed one;
 *   4. a prize was awarded exactly when its ticket was sold, to the entry holding that ticket; which
 *      tickets were sold is read from the contest's public entry list (GET the draw record's
 *      entriesFile, which `npm run verify:draw` checks against the committed entriesHash), so a
 *      pick-your-numbers contest is checked as well as a consecutive one.
 * Exits 0 when everything matches, 1 when anything does not (or nothing is revealed yet), 2 when it
 * cannot run. docs/fair-play.md "Instant wins" explains what this proves.
 */
import { pathToFileURL } from "node:url";
import { soldRangesFromList, verifyInstantRecord } from "../../src/shared/instant-wins";
import type { z } from "zod";
import type { instantWinsRecordOutput } from "../../src/shared/schemas/instant-wins-responses";

type InstantWinsRecord = z.infer<typeof instantWinsRecordOutput>;

export type InstantVerifyReport = { ok: boolean; lines: string[] };

export async function verifyInstantWins(baseUrl: string, contestId: string): Promise<InstantVerifyReport> {
  const res = await fetch(`${baseUrl.replace(/\/$/, "")}/api/contests/${encodeURIComponent(contestId)}/instant-wins`);
  if (!res.ok) throw new Error(`GET instant-win record: HTTP ${res.status}`);
  const r = (await res.json()) as InstantWinsRecord;
  const lines = [
    `Contest "${r.title}" (${r.contestId}): ${r.total} instant prizes, ${r.left} left, ${r.soldTickets} tickets sold`,
  ];
  if (!r.seedHash) {
    lines.push("This contest has no instant prizes");
    return { ok: false, lines };
  }
  if (!r.revealed || !r.seed) {
    lines.push(
      `Not revealed yet (status ${r.status}): committed seedHash ${r.seedHash}, mapHash ${r.mapHash ?? "withheld until the reveal (scheme 1)"}`,
    );
    return { ok: false, lines };
  }
  const soldRanges = await soldRangesFromList(baseUrl, contestId);
  if (soldRanges) lines.push("INFO sold tickets read from the public entry list");
  else lines.push("INFO no public entry list: tickets 1..soldTickets taken as sold (consecutive numbering)");
  const v = await verifyInstantRecord(r, soldRanges);
  for (const p of r.prizes) {
    if (p.awardedEntry)
      lines.push(`Won: prize ${p.position} (${p.label}) by ${p.awardedEntry.name ?? "a player"} with ticket #${p.winningTicket}`);
  }
  return { ok: v.ok, lines: [...lines, ...v.lines] };
}

async function main(argv: string[]): Promise<number> {
  const [baseUrl, contestId] = argv;
  if (!baseUrl || !contestId) {
    console.error("usage: npm run verify:instant-wins -- <base-url> <contestId>");
    return 2;
  }
  const result = await verifyInstantWins(baseUrl, contestId);
  for (const line of result.lines) console.log(line);
  console.log(result.ok ? "VERIFIED" : "NOT VERIFIED");
  return result.ok ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2))
    .then((code) => process.exit(code))
    .catch((e: unknown) => {
      console.error(e instanceof Error ? e.message : e);
      process.exit(2);
    });
}
