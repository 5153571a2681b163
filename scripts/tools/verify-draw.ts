/**
 * npm run verify:draw -- <base-url> <contestId> [--beacon-relay <drand-url>] [--proof <proof.json>]
 *
 * Recomputes a contest's winning ticket from its PUBLIC draw record only
 * (GET <base-url>/api/contests/<id>/draw) and the shared draw code (src/shared/draw.ts):
 *   1. the revealed seed hashes to the seedHash published when the contest opened;
 *   2. the entry list (streamed from the record's entriesFile) is ascending and disjoint and holds the
 *      soldTickets tickets (1..soldTickets, or the picked numbers of a pick-your-numbers contest)
 *      once and hashes to entriesHash (scheme 1: SHA-256 of the text; scheme 2: the Merkle root of
 *      its lines, src/shared/merkle.ts, built in O(log n) memory);
 *   3. beacon draws: the randomness is the SHA-256 of the round's signature, and with
 *      --beacon-relay the round is fetched again from drand and its BLS signature verified;
 *   4. the winning ticket recomputes, and the entry holding it is named;
 *   5. with --proof (the JSON of GET /api/contests/<id>/draw/proof?entry=…, fetched by the entry's
 *      owner), the entry's inclusion proof reaches the record's public entriesHash.
 * Exits 0 when everything matches, 1 when anything does not, 2 when it cannot run.
 * docs/fair-play.md explains what each check does and does not prove.
 */
import { createHash } from "node:crypto";
import { pathToFileURL } from "node:url";
import { readFile } from "node:fs/promises";
import { computeDrawWinner, type DrawMethod, entriesHashOf, sha256Hex } from "../../src/shared/draw";
import { DRAW_SCHEME_MERKLE, type InclusionProof, MerkleRootBuilder, toHex, verifyInclusion } from "../../src/shared/merkle";

type PublicDrawRecord = {
  contestId: string;
  title: string;
  method: DrawMethod | "legacy" | null;
  seedHash: string;
  seed: string | null;
  entriesHash: string | null;
  /** 1 = SHA-256 of the list's text, 2 = Merkle root (absent from older servers: scheme 1). */
  scheme?: number;
  beacon: { chainHash: string; round: number; randomness: string | null; signature: string | null } | null;
  soldTickets: number;
  winningTicket: number | null;
  endedEarlyAt: string | null;
  awaitingResults: boolean;
  /** Why the draw is pending (absent from older servers). */
  pendingReason?: string | null;
  entries: { id: string; firstTicket: number; lastTicket: number; name: string | null }[];
  /** The entry holding the winning ticket, and the path of the whole entry list (servers that page the record). */
  winningEntry?: { id: string; firstTicket: number; lastTicket: number; name: string | null } | null;
  entriesFile?: string;
};

type ListCheck = {
  covered: boolean;
  hash: string;
  /** The entry holding the position-th sold ticket, and that ticket. */
  holder: { id: string; firstTicket: number; lastTicket: number } | null;
  ticket: number | null;
};

/**
 * Walks the entry lines in order: they must be ascending and disjoint and hold soldTickets tickets
 * (1..soldTickets for consecutive contests; the picked numbers in a pick-your-numbers contest). The
 * draw's position k names the k-th sold ticket (src/shared/ticket-picking.ts, nthSoldTicket).
 */
class ListWalk {
  private prevLast = 0;
  private count = 0;
  private ordered = true;
  holder: ListCheck["holder"] = null;
  ticket: number | null = null;
  constructor(private readonly position: number | null) {}
  add(id: string, first: number, last: number) {
    if (first <= this.prevLast || last < first) this.ordered = false;
    this.prevLast = last;
    const before = this.count;
    this.count += last - first + 1;
    const k = this.position;
    if (k !== null && this.holder === null && k > before && k <= this.count) {
      this.holder = { id, firstTicket: first, lastTicket: last };
      this.ticket = first + (k - before) - 1;
    }
  }
  bad() {
    this.ordered = false;
  }
  covered(soldTickets: number) {
    return this.ordered && this.count === soldTickets;
  }
}

/**
 * Reads the entry-list file as it arrives (a 500k-entry list is never held whole): SHA-256 of its
 * bytes (scheme 1: the file is the exact text entriesHash covers) or its Merkle root (scheme 2),
 * the list's shape, and the entry holding the position-th sold ticket, line by line.
 */
async function checkEntriesFile(url: string, soldTickets: number, position: number | null, scheme: number): Promise<ListCheck> {
  const res = await fetch(url);
  if (!res.ok || !res.body) throw new Error(`GET entry list: HTTP ${res.status}`);
  const hash = createHash("sha256");
  const tree = new MerkleRootBuilder((b) => createHash("sha256").update(b).digest());
  const decoder = new TextDecoder();
  const walk = new ListWalk(position);
  let rest = "";
  const line = (text: string) => {
    tree.pushLine(text);
    const m = /^(\d+)-(\d+):(.+)$/.exec(text);
    if (!m) return walk.bad();
    walk.add(m[3] as string, Number(m[1]), Number(m[2]));
  };
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    hash.update(chunk);
    const text = rest + decoder.decode(chunk, { stream: true });
    const lines = text.split("\n");
    rest = lines.pop() ?? "";
    for (const l of lines) line(l);
  }
  rest += decoder.decode();
  if (rest) line(rest);
  const digest = scheme === DRAW_SCHEME_MERKLE ? toHex(tree.root()) : hash.digest("hex");
  return { covered: walk.covered(soldTickets), hash: digest, holder: walk.holder, ticket: walk.ticket };
}

export type VerifyResult = { ok: boolean; lines: string[]; winningTicket: number | null; winnerName: string | null };

function hexToBytes(hex: string): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(new ArrayBuffer(hex.length / 2));
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

async function sha256OfHex(hex: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", hexToBytes(hex));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

export async function verifyDraw(
  baseUrl: string,
  contestId: string,
  opts: { beaconRelay?: string; proof?: InclusionProof & { entryId?: string } } = {},
): Promise<VerifyResult> {
  const lines: string[] = [];
  let ok = true;
  const check = (pass: boolean, what: string) => {
    lines.push(`${pass ? "OK  " : "FAIL"} ${what}`);
    if (!pass) ok = false;
  };
  const res = await fetch(`${baseUrl.replace(/\/$/, "")}/api/contests/${encodeURIComponent(contestId)}/draw`);
  if (!res.ok) throw new Error(`GET draw record: HTTP ${res.status}`);
  const r = (await res.json()) as PublicDrawRecord;
  const scheme = r.scheme ?? 1;
  lines.push(
    `Contest "${r.title}" (${r.contestId}): ${r.soldTickets} tickets, method ${r.method ?? "not closed"}, scheme ${scheme}`,
  );
  if (opts.proof) {
    // Against the public root only: the proof file carries the player's own line and hashes, no names.
    const p = opts.proof;
    const pass = r.entriesHash !== null && scheme === DRAW_SCHEME_MERKLE && (await verifyInclusion(p, r.entriesHash));
    check(pass, `entry ${p.leaf} (#${p.index + 1} of ${p.leafCount}) is included under the published entriesHash`);
  }
  if (r.endedEarlyAt) lines.push(`NOTE ended early by an admin at ${r.endedEarlyAt}`);
  if (!r.seed) {
    lines.push(
      r.awaitingResults
        ? `Contest ended - awaiting results (${r.pendingReason ?? (r.method === "beacon" ? "beacon round not published yet" : "draw not completed yet")})`
        : "Not drawn yet",
    );
    return { ok: false, lines, winningTicket: null, winnerName: null };
  }

  check((await sha256Hex(r.seed)) === r.seedHash, "revealed seed matches the seedHash committed when the contest opened");

  // The draw gives a position among the sold tickets (from the seed, the committed list's hash and
  // the beacon, never from the list's content); the list then names the ticket at that position.
  const position = await computeDrawWinner({
    seed: r.seed,
    contestId: r.contestId,
    soldTickets: r.soldTickets,
    method: r.method === "legacy" || r.method === null ? null : r.method,
    entriesHash: r.entriesHash,
    beaconRandomness: r.beacon?.randomness ?? null,
  }).catch(() => null);
  let list: ListCheck;
  if (r.entriesFile) {
    list = await checkEntriesFile(`${baseUrl.replace(/\/$/, "")}${r.entriesFile}`, r.soldTickets, position, scheme);
  } else {
    // Older servers put the whole list in the record.
    const sorted = [...r.entries].sort((a, b) => a.firstTicket - b.firstTicket);
    const walk = new ListWalk(position);
    for (const e of sorted) walk.add(e.id, e.firstTicket, e.lastTicket);
    const hash = await entriesHashOf(sorted, scheme === 2 ? 2 : 1);
    list = { covered: walk.covered(r.soldTickets), hash, holder: walk.holder, ticket: walk.ticket };
  }
  check(list.covered, `entries are ascending and disjoint and hold the ${r.soldTickets} tickets sold`);
  if (r.method !== "legacy") {
    check(
      list.hash === r.entriesHash,
      scheme === DRAW_SCHEME_MERKLE ? "entry list's Merkle root is entriesHash" : "entry list hashes to entriesHash",
    );
  }
  if (r.method === "beacon") {
    const b = r.beacon;
    check(!!b?.randomness && !!b.signature, "beacon round has randomness and signature");
    if (b?.randomness && b.signature) {
      check((await sha256OfHex(b.signature)) === b.randomness, `beacon randomness is SHA-256 of round ${b.round}'s signature`);
      if (opts.beaconRelay) {
        const { fetchBeacon, HttpCachingChain, HttpChainClient } = await import("drand-client");
        const chain = new HttpCachingChain(`${opts.beaconRelay.replace(/\/$/, "")}/${b.chainHash}`);
        const beacon = await fetchBeacon(new HttpChainClient(chain), b.round); // verifies the BLS signature
        check(beacon.signature === b.signature, `drand round ${b.round} fetched again and its signature verified`);
      } else {
        lines.push("INFO pass --beacon-relay https://api.drand.sh to re-fetch the round and verify its BLS signature");
      }
    }
  }
  const ticket = list.ticket;
  check(
    ticket === r.winningTicket,
    `winning ticket recomputes: position ${position} of the sold tickets is #${ticket} (announced ${r.winningTicket})`,
  );
  const holder = list.holder;
  const name =
    (holder && r.winningEntry?.id === holder.id ? r.winningEntry.name : null) ??
    r.entries.find((e) => e.id === holder?.id)?.name ??
    null;
  if (r.winningTicket !== null) check(holder !== null, "the winning ticket is held by an entry of the list");
  if (holder) lines.push(`Winner: ${name ?? "?"} (entry ${holder.id}, tickets ${holder.firstTicket}-${holder.lastTicket})`);
  return { ok, lines, winningTicket: ticket, winnerName: name };
}

async function main(argv: string[]): Promise<number> {
  const flags = new Map<string, string | undefined>();
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === "--beacon-relay" || a === "--proof") flags.set(a, argv[++i]);
    else positional.push(a);
  }
  const [baseUrl, contestId] = positional;
  if (!baseUrl || !contestId) {
    console.error("usage: npm run verify:draw -- <base-url> <contestId> [--beacon-relay <drand-url>] [--proof <proof.json>]");
    return 2;
  }
  const proofFile = flags.get("--proof");
  const proof = proofFile ? (JSON.parse(await readFile(proofFile, "utf8")) as InclusionProof) : undefined;
  const result = await verifyDraw(baseUrl, contestId, { beaconRelay: flags.get("--beacon-relay"), proof });
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
