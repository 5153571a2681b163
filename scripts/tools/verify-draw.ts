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
 *   free entries: the record's free-entry file (postal and online) is walked beside the entry list;
 *      each must be a line of it, the counts must be the record's, and their share is printed;
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
  /** Free entries (absent from servers before free-entry parity): counts and the file naming them. */
  freeEntries?: { postal: number; online: number; tickets: number; sharePercent: string | null; parity: string; file: string };
};

/** What the walk found of the free-entry file against the committed list. */
type FreeCheck = {
  postal: number;
  online: number;
  tickets: number;
  /** Free lines not found, as they are, in the committed list (or out of order, or malformed). */
  unmatched: string[];
  /** Online free entries holding more than one ticket (the online route gives one). */
  onlineMultiTicket: number;
};

type ListCheck = {
  free?: FreeCheck;
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

/** The lines of a streamed text body, one at a time (a 500k-line file is never held whole). */
async function* linesOf(body: AsyncIterable<Uint8Array>, onChunk?: (chunk: Uint8Array) => void): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let rest = "";
  for await (const chunk of body) {
    onChunk?.(chunk);
    const lines = (rest + decoder.decode(chunk, { stream: true })).split("\n");
    rest = lines.pop() ?? "";
    yield* lines;
  }
  rest += decoder.decode();
  if (rest) yield rest;
}

async function bodyOf(url: string, what: string): Promise<AsyncIterable<Uint8Array>> {
  const res = await fetch(url);
  if (!res.ok || !res.body) throw new Error(`GET ${what}: HTTP ${res.status}`);
  return res.body as unknown as AsyncIterable<Uint8Array>;
}

/**
 * Walks the free-entry file beside the committed list: both are by first ticket, so each free line
 * must be met, exactly (same range, same entry id), as the committed list streams past it. O(1) memory.
 */
class FreeWalk {
  readonly result: FreeCheck = { postal: 0, online: 0, tickets: 0, unmatched: [], onlineMultiTicket: 0 };
  private head: { line: string; first: number; last: number; id: string; route: string } | null = null;
  private done = false;
  constructor(private readonly lines: AsyncGenerator<string>) {}

  private async advance(): Promise<void> {
    for (;;) {
      const next = await this.lines.next();
      if (next.done) {
        this.head = null;
        this.done = true;
        return;
      }
      const m = /^(\d+)-(\d+):([^:]+):(postal|online)$/.exec(next.value);
      if (m) {
        this.head = { line: next.value, first: Number(m[1]), last: Number(m[2]), id: m[3] as string, route: m[4] as string };
        return;
      }
      if (next.value !== "") this.result.unmatched.push(next.value);
    }
  }

  /** Called with each committed line in order. */
  async meet(first: number, last: number, id: string): Promise<void> {
    if (!this.head && !this.done) await this.advance();
    while (this.head && this.head.first < first) {
      this.result.unmatched.push(this.head.line); // skipped by the committed list: not in it
      await this.advance();
    }
    const h = this.head;
    if (h && h.first === first) {
      if (h.last === last && h.id === id) {
        if (h.route === "online") this.result.online++;
        else this.result.postal++;
        this.result.tickets += last - first + 1;
        if (h.route === "online" && last !== first) this.result.onlineMultiTicket++;
      } else this.result.unmatched.push(h.line);
      await this.advance();
    }
  }

  async finish(): Promise<FreeCheck> {
    if (!this.head && !this.done) await this.advance();
    while (this.head) {
      this.result.unmatched.push(this.head.line);
      await this.advance();
    }
    return this.result;
  }
}

/**
 * Reads the entry-list file as it arrives (a 500k-entry list is never held whole): SHA-256 of its
 * bytes (scheme 1: the file is the exact text entriesHash covers) or its Merkle root (scheme 2),
 * the list's shape, and the entry holding the position-th sold ticket, line by line; with the
 * free-entry file, each free entry is met in the committed list as it passes.
 */
async function checkEntriesFile(
  url: string,
  soldTickets: number,
  position: number | null,
  scheme: number,
  freeUrl?: string,
): Promise<ListCheck> {
  const hash = createHash("sha256");
  const tree = new MerkleRootBuilder((b) => createHash("sha256").update(b).digest());
  const walk = new ListWalk(position);
  const free = freeUrl ? new FreeWalk(linesOf(await bodyOf(freeUrl, "free-entry list"))) : null;
  for await (const text of linesOf(await bodyOf(url, "entry list"), (chunk) => hash.update(chunk))) {
    tree.pushLine(text);
    const m = /^(\d+)-(\d+):(.+)$/.exec(text);
    if (!m) {
      walk.bad();
      continue;
    }
    walk.add(m[3] as string, Number(m[1]), Number(m[2]));
    await free?.meet(Number(m[1]), Number(m[2]), m[3] as string);
  }
  const digest = scheme === DRAW_SCHEME_MERKLE ? toHex(tree.root()) : hash.digest("hex");
  return {
    covered: walk.covered(soldTickets),
    hash: digest,
    holder: walk.holder,
    ticket: walk.ticket,
    ...(free ? { free: await free.finish() } : {}),
  };
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

/**
 * Free-entry parity: how many free entries (postal, online) the committed list holds, their share of
 * the tickets, that each is in the list exactly as published (so it is drawn like any other ticket:
 * the draw picks a position among all sold tickets, unweighted, src/shared/draw.ts), that the counts
 * are the record's, and that each online free entry is one ticket. Older records say nothing of free
 * entries: noted, not failed.
 */
function reportFreeEntries(
  r: PublicDrawRecord,
  free: FreeCheck | undefined,
  check: (pass: boolean, what: string) => void,
  lines: string[],
): void {
  if (!r.freeEntries || !free) {
    lines.push("INFO this record does not list free entries (a server from before free-entry parity): not checked");
    return;
  }
  const count = free.postal + free.online;
  const share = r.soldTickets > 0 ? ((free.tickets * 100) / r.soldTickets).toFixed(2) : "0.00";
  check(
    free.unmatched.length === 0,
    free.unmatched.length === 0
      ? `${count} free entr${count === 1 ? "y" : "ies"} (${free.postal} by post, ${free.online} online) hold ${free.tickets} of the ${r.soldTickets} tickets (${share}%), each in the committed list as published`
      : `free entries not in the committed list as published: ${free.unmatched.slice(0, 5).join(", ")}${free.unmatched.length > 5 ? ` and ${free.unmatched.length - 5} more` : ""}`,
  );
  check(
    free.postal === r.freeEntries.postal && free.online === r.freeEntries.online && free.tickets === r.freeEntries.tickets,
    `the record's free-entry counts (${r.freeEntries.postal} by post, ${r.freeEntries.online} online, ${r.freeEntries.tickets} tickets) match the file`,
  );
  check(free.onlineMultiTicket === 0, "each online free entry is one ticket");
  if (free.tickets > 0) {
    lines.push(
      `OK   each free ticket is one of the ${r.soldTickets} tickets the draw chooses among, with the same chance as a paid one (1 in ${r.soldTickets}): the draw picks a position among all sold tickets, with no weight per entry`,
    );
  }
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
    const base = baseUrl.replace(/\/$/, "");
    list = await checkEntriesFile(
      `${base}${r.entriesFile}`,
      r.soldTickets,
      position,
      scheme,
      r.freeEntries ? `${base}${r.freeEntries.file}` : undefined,
    );
  } else {
    // Older servers put the whole list in the record.
    const sorted = [...r.entries].sort((a, b) => a.firstTicket - b.firstTicket);
    const walk = new ListWalk(position);
    for (const e of sorted) walk.add(e.id, e.firstTicket, e.lastTicket);
    const hash = await entriesHashOf(sorted, scheme === 2 ? 2 : 1);
    list = { covered: walk.covered(r.soldTickets), hash, holder: walk.holder, ticket: walk.ticket };
  }
  check(list.covered, `entries are ascending and disjoint and hold the ${r.soldTickets} tickets sold`);
  reportFreeEntries(r, list.free, check, lines);
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
