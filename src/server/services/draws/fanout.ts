/**
 * Telling every entrant the result of a draw (docs/fair-play.md "After the draw"), after the draw
 * committed: the draw's transaction writes one DrawFanout row, and this runs in batches of players
 * (by id), each batch one short transaction that
 *   1. locks the DrawFanout row (two runners of the same contest take turns; the second resumes),
 *   2. writes the batch's notifications with one INSERT … SELECT over the contest's entries,
 *   3. writes their draw-result e-mails with one INSERT … SELECT over the rendered rows, and
 *      their pushes (src/server/push/outbox.ts) to each subscribed device,
 *   4. moves the cursor past the batch (and marks the fan-out done after the last one),
 * and queues one live event per batch naming its players. A job retried after a crash resumes at
 * the cursor: each entrant gets exactly one notification and at most one e-mail.
 */
import { randomUUID } from "node:crypto";
import type { Db, DbTx } from "../../platform/db";
import { publishAfterCommit } from "../../events";
import { heldFor, OPTIONAL_KINDS, RECIPIENT_COLUMNS, RECIPIENT_JOIN, type RecipientRow } from "../../mail/outbox";
import { drawResult, ticketRange } from "../../mail/templates";
import { queuePushes } from "../../push/outbox";

/** Players per batch: a few thousand rows written per transaction, well under a second each. */
export const FANOUT_BATCH_PLAYERS = 500;
/** Ticket ranges listed in one player's e-mail (a player with 20k entries gets a bounded message). */
export const MAIL_RANGES_MAX = 50;
/** pg_notify refuses payloads of 8000 bytes or more: one batch's players go in as few events as fit. */
const EVENT_PAYLOAD_MAX = 7_000;

export const WON_TITLE = "Congratulations! You won!";
export const LOST_TITLE = "Contest Result";

export type FanoutProgress = { done: boolean; batches: number; notified: number; mailed: number };

type ContestFacts = { id: string; title: string; winnerId: string; winningTicket: number; soldTickets: number };

const nameOf = (u: { firstName: string; displayName: string | null }) => u.displayName?.trim() || u.firstName;

/** Creates the fan-out's row in the draw's own transaction (nothing to tell = no row). */
export async function createDrawFanout(tx: DbTx, contestId: string): Promise<void> {
  await tx.drawFanout.create({ data: { contestId } });
}

/** Contests whose results are not told to every entrant yet (the scheduler resumes them). */
export async function findPendingFanouts(db: DbTx, limit = 100): Promise<string[]> {
  const rows = await db.drawFanout.findMany({
    where: { doneAt: null },
    orderBy: { createdAt: "asc" },
    select: { contestId: true },
    take: limit,
  });
  return rows.map((r) => r.contestId);
}

/** The user ids in as few live events as fit pg_notify's payload limit. */
export async function publishNotificationsAfterCommit(tx: DbTx, userIds: readonly string[]): Promise<number> {
  let chunk: string[] = [];
  let size = 0;
  let sent = 0;
  const flush = async () => {
    if (chunk.length === 0) return;
    await publishAfterCommit(tx, { kind: "notifications", userIds: chunk });
    sent++;
    chunk = [];
    size = 0;
  };
  for (const id of userIds) {
    if (size + id.length + 3 > EVENT_PAYLOAD_MAX) await flush();
    chunk.push(id);
    size += id.length + 3;
  }
  await flush();
  return sent;
}

/** One batch; null when there is nothing (left) to do. */
async function fanOutBatch(
  tx: DbTx,
  contest: ContestFacts,
  batchPlayers: number,
): Promise<{ players: number; mailed: number; done: boolean } | null> {
  const state = await tx.$queryRaw<{ cursor: string | null; doneAt: Date | null }[]>`
    SELECT "cursor", "doneAt" FROM "DrawFanout" WHERE "contestId" = ${contest.id} FOR UPDATE`;
  const row = state[0];
  if (!row || row.doneAt) return null;
  const won = `Your ticket #${contest.winningTicket} won "${contest.title}". Claim your prize or its cash alternative under My Prizes.`;
  const lost = `The draw for "${contest.title}" has taken place: ticket #${contest.winningTicket} won. Better luck next time!`;
  // The next players by id, straight off the (contestId, userId) index; one notification each.
  const told = await tx.$queryRaw<{ userId: string; title: string; message: string }[]>`
    WITH batch AS (
      SELECT DISTINCT "userId" FROM "TicketEntry"
      WHERE "contestId" = ${contest.id} AND (${row.cursor}::text IS NULL OR "userId" > ${row.cursor}::text)
      ORDER BY "userId" LIMIT ${batchPlayers}
    )
    INSERT INTO "Notification" ("id", "userId", "type", "title", "message", "isRead", "createdAt")
    SELECT gen_random_uuid()::text, b."userId", 'contest_result',
      CASE WHEN b."userId" = ${contest.winnerId} THEN ${WON_TITLE} ELSE ${LOST_TITLE} END,
      CASE WHEN b."userId" = ${contest.winnerId} THEN ${won} ELSE ${lost} END,
      false, now()
    FROM batch b
    RETURNING "userId", "title", "message"`;
  const userIds = told.map((t) => t.userId);
  // The result as a push too, to each subscribed device of the batch's players (src/server/push/outbox.ts).
  await queuePushes(tx, told);
  const mailed = userIds.length ? await mailBatch(tx, contest, userIds) : 0;
  const last = userIds.length < batchPlayers;
  await tx.$executeRaw`
    UPDATE "DrawFanout" SET "cursor" = COALESCE((SELECT max(u) FROM unnest(${userIds}::text[]) u), "cursor"),
      "notified" = "notified" + ${userIds.length}, "mailed" = "mailed" + ${mailed},
      "doneAt" = CASE WHEN ${last} THEN now() ELSE NULL END, "updatedAt" = now()
    WHERE "contestId" = ${contest.id}`;
  await publishNotificationsAfterCommit(tx, userIds);
  return { players: userIds.length, mailed, done: last };
}

/** The batch's draw-result e-mails (players who turned results off get none): rendered here, one INSERT. */
async function mailBatch(tx: DbTx, contest: ContestFacts, userIds: string[]): Promise<number> {
  const pref = OPTIONAL_KINDS.draw_result;
  const rows = await tx.$queryRaw<(RecipientRow & { ranges: string | null; entryCount: number })[]>`
    SELECT ${RECIPIENT_COLUMNS},
      (SELECT string_agg(r."firstTicket" || '-' || r."lastTicket", ',' ORDER BY r."firstTicket")
         FROM (SELECT "firstTicket", "lastTicket" FROM "TicketEntry"
               WHERE "contestId" = ${contest.id} AND "userId" = "User"."id"
               ORDER BY "firstTicket" LIMIT ${MAIL_RANGES_MAX}) r) AS "ranges",
      (SELECT count(*)::int FROM "TicketEntry" WHERE "contestId" = ${contest.id} AND "userId" = "User"."id") AS "entryCount"
    FROM "User" ${RECIPIENT_JOIN}
    WHERE "User"."id" = ANY(${userIds}::text[])`;
  const wanted = rows.filter((r) => r[pref] !== false);
  if (wanted.length === 0) return 0;
  const ids: string[] = [];
  const to: string[] = [];
  const owners: string[] = [];
  const statuses: string[] = [];
  const subjects: string[] = [];
  const texts: string[] = [];
  const htmls: string[] = [];
  for (const r of wanted) {
    const yourTickets = (r.ranges ?? "")
      .split(",")
      .filter(Boolean)
      .map((pair) => {
        const [first, lastTicket] = pair.split("-").map(Number) as [number, number];
        return ticketRange(first, lastTicket);
      });
    if (r.entryCount > MAIL_RANGES_MAX) yourTickets.push(`and ${r.entryCount - MAIL_RANGES_MAX} more (see My Purchases)`);
    const message = drawResult(nameOf(r), {
      contestId: contest.id,
      contestTitle: contest.title,
      winningTicket: contest.winningTicket,
      soldTickets: contest.soldTickets,
      won: r.id === contest.winnerId,
      yourTickets,
    });
    ids.push(randomUUID());
    to.push(r.email);
    owners.push(r.id);
    statuses.push(heldFor("draw_result", r.verified) ? "held" : "pending");
    subjects.push(message.subject);
    texts.push(message.text);
    htmls.push(message.html);
  }
  return tx.$executeRaw`
    INSERT INTO "EmailOutbox" ("id", "userId", "to", "kind", "status", "subject", "text", "html")
    SELECT m.id, m.owner, m.recipient, 'draw_result', m.status::"EmailStatus", m.subject, m.body, m.html
    FROM unnest(${ids}::text[], ${owners}::text[], ${to}::text[], ${statuses}::text[], ${subjects}::text[], ${texts}::text[], ${htmls}::text[])
      AS m(id, owner, recipient, status, subject, body, html)`;
}

/**
 * Tells a drawn contest's entrants their result, batch by batch until done (or `maxBatches`).
 * Idempotent and resumable: safe to run twice at once, again after a crash, or on a finished one.
 */
export async function fanOutDrawResults(
  db: Db,
  contestId: string,
  opts: { batchPlayers?: number; maxBatches?: number } = {},
): Promise<FanoutProgress> {
  const progress: FanoutProgress = { done: false, batches: 0, notified: 0, mailed: 0 };
  const c = await db.contest.findUnique({
    where: { id: contestId },
    select: { id: true, title: true, winnerId: true, winningTicket: true, soldTickets: true },
  });
  if (!c || c.winnerId === null || c.winningTicket === null) {
    progress.done = true;
    return progress;
  }
  const contest: ContestFacts = { ...c, winnerId: c.winnerId, winningTicket: c.winningTicket };
  const batchPlayers = opts.batchPlayers ?? FANOUT_BATCH_PLAYERS;
  while (opts.maxBatches === undefined || progress.batches < opts.maxBatches) {
    const step = await db.$transaction((tx) => fanOutBatch(tx, contest, batchPlayers), { maxWait: 10_000, timeout: 60_000 });
    if (!step) {
      progress.done = true;
      break;
    }
    progress.batches++;
    progress.notified += step.players;
    progress.mailed += step.mailed;
    if (step.done) {
      progress.done = true;
      break;
    }
  }
  return progress;
}
