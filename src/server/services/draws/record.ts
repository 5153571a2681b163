/**
 * The public draw record of a contest (GET /api/contests/{id}/draw, docs/fair-play.md): everything
 * scripts/tools/verify-draw.ts needs to recompute the winner, and nothing private: no user ids, and
 * names masked ("Ada L.") and only once sales closed (during sales an entry shows its tickets, not who
 * holds them: a list of who is buying right now is nobody's business). Bounded
 * whatever the contest's size: the summary, the winning entry and one page of entries; the whole
 * list is a streamed file (drawEntriesFile).
 */
import { type DrawMethod, entriesDigestText, maskedName } from "@/shared/draw";
import { entryLine } from "@/shared/merkle";
import type { DbTx } from "../../platform/db";
import { conflict, notFound } from "../../platform/errors";
import { pendingDrawReason } from "./draw";

export type DrawRecord = {
  contestId: string;
  title: string;
  status: "active" | "ended" | "cancelled";
  /** "legacy" = drawn before draw methods existed (seed and soldTickets only); null = not closed yet. */
  method: DrawMethod | "legacy" | null;
  seedHash: string;
  /** Revealed after the draw. */
  seed: string | null;
  entriesHash: string | null;
  /** How entriesHash was made: 1 = SHA-256 of the list's text, 2 = Merkle root of its lines (src/shared/merkle.ts). */
  scheme: number;
  beacon: { chainHash: string; round: number; randomness: string | null; signature: string | null } | null;
  soldTickets: number;
  winningTicket: number | null;
  salesClosedAt: Date | null;
  /** Set when an admin pressed End before the end date or sell-out. */
  endedEarlyAt: Date | null;
  drawnAt: Date | null;
  /** Sales closed, winner not drawn yet (waiting for the beacon round, or a failed draw being retried). */
  awaitingResults: boolean;
  /** Why it is awaiting results, in words (services/draws/draw.ts pendingDrawReason); null when not awaiting. */
  pendingReason: string | null;
  /** The entry holding the winning ticket (null until drawn, or when none was sold). */
  winningEntry: DrawRecordEntry | null;
  /** One page of the entry list by first ticket (DRAW_ENTRIES_PAGE; the whole list for most contests). */
  entries: DrawRecordEntry[];
  /** Pass as `cursor` for the next page; null on the last page. */
  entriesNextCursor: number | null;
  /** The whole entry list as the text entriesHash is the SHA-256 of (streamed; what verify:draw reads). */
  entriesFile: string;
  /** Free entries in this contest's list (postal and online) and the file naming them; docs/fair-play.md "Free entries in the verifier". */
  freeEntries: FreeEntrySummary;
};

export type FreeEntrySummary = {
  /** Entries recorded by an admin from a postal entry, and entries taken with "Enter for free". */
  postal: number;
  online: number;
  /** Tickets those entries hold. */
  tickets: number;
  /** The free tickets' share of the tickets sold, as a percentage with two decimals ("2.50"); null when none sold. */
  sharePercent: string | null;
  /** What holds for each of them, in words (the same draw as a paid ticket). */
  parity: string;
  /** `first-last:entryId:postal|online` lines by first ticket, published with the entry list (after sales close). */
  file: string;
};

/** What the record and `npm run verify:draw` say of every free ticket (src/shared/draw.ts draws a position among all sold tickets, unweighted). */
export const FREE_ENTRY_PARITY =
  "Each free ticket is one ticket of the committed list, drawn exactly like a paid one: the draw picks one position among all the tickets sold, with no weight per entry, so every ticket has the same chance (1 in the number sold).";

/** `name`: the holder's masked name once sales closed; null while the contest is on sale. */
export type DrawRecordEntry = { id: string; firstTicket: number; lastTicket: number; name: string | null };

/** Entries per page of the draw record (and the most one request may ask for). */
export const DRAW_ENTRIES_PAGE = 1000;
/** Rows per database read while streaming the entry-list file. */
const FILE_CHUNK = 5000;

export type DrawRecordQuery = { cursor?: number; limit?: number; ticket?: number };

const entrySelect = {
  id: true,
  firstTicket: true,
  lastTicket: true,
  user: { select: { firstName: true, lastName: true } },
} as const;
type EntryRow = { id: string; firstTicket: number; lastTicket: number; user: { firstName: string; lastName: string } };
const toEntry = (e: EntryRow, named: boolean): DrawRecordEntry => ({
  id: e.id,
  firstTicket: e.firstTicket,
  lastTicket: e.lastTicket,
  name: named ? maskedName(e.user.firstName, e.user.lastName) : null,
});

/** Names are published once the list is final (sales closed or drawn). */
const namesPublic = (c: { salesClosedAt: Date | null; drawnAt: Date | null }) => c.salesClosedAt !== null || c.drawnAt !== null;

/** The entry holding `ticket` (one probe of the (contestId, lastTicket) index), or null. */
async function entryHolding(db: DbTx, contestId: string, ticket: number): Promise<EntryRow | null> {
  const e = await db.ticketEntry.findFirst({
    where: { contestId, lastTicket: { gte: ticket } },
    orderBy: { lastTicket: "asc" },
    select: entrySelect,
  });
  return e && e.firstTicket <= ticket ? e : null;
}

/**
 * One page of the entry list: entries whose first ticket is after `cursor`, or (`ticket`, the
 * "find my tickets" search) starting at the entry that holds that ticket. `named`: with masked
 * names (only once sales closed, see the file comment).
 */
export async function drawEntriesPage(
  db: DbTx,
  contestId: string,
  q: DrawRecordQuery = {},
  named = false,
): Promise<{ entries: DrawRecordEntry[]; nextCursor: number | null }> {
  const limit = Math.min(Math.max(q.limit ?? DRAW_ENTRIES_PAGE, 1), DRAW_ENTRIES_PAGE);
  let after = q.cursor ?? 0;
  if (q.ticket !== undefined) {
    const holder = await entryHolding(db, contestId, q.ticket);
    if (!holder) return { entries: [], nextCursor: null };
    after = holder.firstTicket - 1;
  }
  // One statement with the names joined (Prisma's relation select is a second query with 1,000 ids).
  const flat = await db.$queryRaw<{ id: string; firstTicket: number; lastTicket: number; firstName: string; lastName: string }[]>`
    SELECT e."id", e."firstTicket", e."lastTicket", u."firstName", u."lastName"
    FROM "TicketEntry" e JOIN "User" u ON u."id" = e."userId"
    WHERE e."contestId" = ${contestId} AND e."firstTicket" > ${after}
    ORDER BY e."firstTicket" LIMIT ${limit + 1}`;
  const rows: EntryRow[] = flat.map((r) => ({ ...r, user: { firstName: r.firstName, lastName: r.lastName } }));
  const page = rows.slice(0, limit);
  return {
    entries: page.map((e) => toEntry(e, named)),
    nextCursor: rows.length > limit ? (page.at(-1)?.firstTicket ?? null) : null,
  };
}

/**
 * The entry-list file (GET /api/contests/{id}/draw/entries): `first-last:id` lines by first ticket
 * joined by "\n", exactly the text whose SHA-256 is entriesHash, read and sent a chunk at a time.
 */
export async function drawEntriesFile(db: DbTx, contestId: string): Promise<ReadableStream<Uint8Array>> {
  const c = await db.contest.findUnique({ where: { id: contestId }, select: { salesClosedAt: true, drawnAt: true } });
  if (!c) throw notFound("Contest not found");
  // Published once final: before the close it would be a moving list nobody committed to.
  if (!c.salesClosedAt && !c.drawnAt) throw conflict("The entry list is published when sales close");
  const encoder = new TextEncoder();
  let after = 0;
  let first = true;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const rows = await db.ticketEntry.findMany({
        where: { contestId, firstTicket: { gt: after } },
        orderBy: { firstTicket: "asc" },
        take: FILE_CHUNK,
        select: { id: true, firstTicket: true, lastTicket: true },
      });
      if (rows.length > 0) {
        const text = entriesDigestText(rows);
        controller.enqueue(encoder.encode(first ? text : `\n${text}`));
        first = false;
        after = rows.at(-1)?.firstTicket ?? after;
      }
      if (rows.length < FILE_CHUNK) controller.close();
    },
  });
}

/** Free entries of a contest: counted through the partial index on free entries (a contest with none reads nothing). */
export async function freeEntrySummary(db: DbTx, contestId: string, soldTickets: number): Promise<FreeEntrySummary> {
  const [row] = await db.$queryRaw<{ postal: number; online: number; tickets: number }[]>`
    SELECT count(*) FILTER (WHERE o."entryId" IS NULL)::int AS postal,
           count(*) FILTER (WHERE o."entryId" IS NOT NULL)::int AS online,
           coalesce(sum(e."ticketCount"), 0)::int AS tickets
    FROM "TicketEntry" e LEFT JOIN "OnlineFreeEntry" o ON o."entryId" = e."id"
    WHERE e."contestId" = ${contestId} AND e."freeEntry"`;
  const tickets = row?.tickets ?? 0;
  return {
    postal: row?.postal ?? 0,
    online: row?.online ?? 0,
    tickets,
    sharePercent: soldTickets > 0 ? ((tickets * 100) / soldTickets).toFixed(2) : null,
    parity: FREE_ENTRY_PARITY,
    file: `/api/contests/${encodeURIComponent(contestId)}/draw/free-entries`,
  };
}

/**
 * The free-entry file (GET /api/contests/{id}/draw/free-entries): `first-last:entryId:postal|online`
 * lines by first ticket, published when the entry list is (after sales close), so `verify:draw` can
 * find each in the committed list as it streams both.
 */
export async function drawFreeEntriesFile(db: DbTx, contestId: string): Promise<ReadableStream<Uint8Array>> {
  const c = await db.contest.findUnique({ where: { id: contestId }, select: { salesClosedAt: true, drawnAt: true } });
  if (!c) throw notFound("Contest not found");
  if (!c.salesClosedAt && !c.drawnAt) throw conflict("The entry list is published when sales close");
  const encoder = new TextEncoder();
  let after = 0;
  let first = true;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const rows = await db.$queryRaw<{ id: string; firstTicket: number; lastTicket: number; online: boolean }[]>`
        SELECT e."id", e."firstTicket", e."lastTicket", (o."entryId" IS NOT NULL) AS online
        FROM "TicketEntry" e LEFT JOIN "OnlineFreeEntry" o ON o."entryId" = e."id"
        WHERE e."contestId" = ${contestId} AND e."freeEntry" AND e."firstTicket" > ${after}
        ORDER BY e."firstTicket" LIMIT ${FILE_CHUNK}`;
      if (rows.length > 0) {
        const text = rows.map((r) => `${entryLine(r)}:${r.online ? "online" : "postal"}`).join("\n");
        controller.enqueue(encoder.encode(first ? text : `\n${text}`));
        first = false;
        after = rows.at(-1)?.firstTicket ?? after;
      }
      if (rows.length < FILE_CHUNK) controller.close();
    },
  });
}

export async function getDrawRecord(db: DbTx, contestId: string, q: DrawRecordQuery = {}): Promise<DrawRecord> {
  const c = await db.contest.findUnique({ where: { id: contestId } });
  if (!c) throw notFound("Contest not found");
  const page = await drawEntriesPage(db, contestId, q, namesPublic(c));
  const winning = c.winningTicket !== null && c.drawnAt ? await entryHolding(db, contestId, c.winningTicket) : null;
  const drawn = c.drawnAt !== null;
  const method = (c.drawMethod as DrawMethod | null) ?? (drawn ? "legacy" : null);
  return {
    contestId: c.id,
    title: c.title,
    status: c.status,
    method,
    seedHash: c.drawSeedHash,
    seed: drawn ? c.drawSeed : null,
    entriesHash: c.entriesHash,
    scheme: c.drawScheme,
    beacon:
      c.beaconChainHash && c.beaconRound !== null
        ? { chainHash: c.beaconChainHash, round: c.beaconRound, randomness: c.beaconRandomness, signature: c.beaconSignature }
        : null,
    soldTickets: c.soldTickets,
    winningTicket: c.winningTicket,
    salesClosedAt: c.salesClosedAt,
    endedEarlyAt: c.endedEarlyAt,
    drawnAt: c.drawnAt,
    awaitingResults: c.status === "ended" && c.salesClosedAt !== null && !drawn,
    pendingReason: pendingDrawReason(c),
    winningEntry: winning ? toEntry(winning, true) : null,
    entries: page.entries,
    entriesNextCursor: page.nextCursor,
    entriesFile: `/api/contests/${encodeURIComponent(c.id)}/draw/entries`,
    freeEntries: await freeEntrySummary(db, c.id, c.soldTickets),
  };
}
