/**
 * Provably fair draws (docs/product.md §10, docs/fair-play.md). A contest commits to sha256(seed)
 * when it opens. Closing sales (closeSales) fixes the final entry list (entriesHash) and, with
 * DRAW_BEACON, a drand round emitted after the close; the draw (completeDraw) derives the winning
 * ticket from HMAC-SHA256(seed, contestId:soldTickets:entriesHash[:beacon]:counter) with rejection
 * sampling (src/shared/draw.ts) and reveals the seed, so anyone can recompute it.
 *
 * Exactly-once: closing is a conditional UPDATE (status = 'active' AND drawnAt IS NULL) that locks
 * the contest row, so concurrent End clicks, the scheduler on several instances and a purchase
 * racing the close serialise on that row; the draw is a second conditional UPDATE (drawnAt IS NULL).
 *
 * Bounded work (a 500k-ticket contest draws in about a second): the draw's transaction does only what
 * must be atomic (the winning ticket, the winner, the prize, the winner post, the winner's claim
 * e-mail). Entries are not rewritten: a player's won/lost is derived from the contest's winner when
 * read (services/checkout/purchases.ts). Every entrant's notification and e-mail are written after commit, in
 * batches, by the `draws.fanout` job (services/draws/fanout.ts). A draw that throws keeps its reason
 * on the contest (drawError, shown to admins) and is retried by the `draws.complete` job.
 */
import { randomBytes } from "node:crypto";
import { Prisma } from "@/generated/prisma/client";
import { computeDrawWinner, type DrawMethod, sha256Hex } from "@/shared/draw";
import { DRAW_SCHEME_MERKLE } from "@/shared/merkle";
import type { Db, DbTx } from "../../platform/db";
import { conflict, notFound } from "../../platform/errors";
import { logger } from "../../platform/logger";
import { moneyString } from "@/shared/money";
import { PRIZE_CLAIM_DAYS } from "@/shared/prizes";
import { fairPlaySettings } from "../kernel";
import { beaconChainInfo, fetchVerifiedRound, roundAfter } from "./beacon";
import { mailPrizeClaimSteps } from "../../mail/events";
import { nthSoldNumber } from "../tickets";
import { buildDrawTree } from "./tree";
import { createDrawFanout, fanOutDrawResults, findPendingFanouts } from "./fanout";

/**
 * What happens after a draw commits: its results fan-out, and another attempt when completing it
 * failed. The app's job queue installs both (src/server/jobs/app-jobs.ts: `draws.fanout`,
 * `draws.complete`); without it (scripts, tests) the fan-out runs right after the commit and the
 * scheduler's next pass retries. Kept on globalThis: Next loads instrumentation and route handlers
 * as separate module graphs.
 */
export type DrawFollowUps = {
  fanOut(db: Db, contestId: string): Promise<unknown>;
  retry(db: Db, contestId: string): Promise<unknown>;
};
const inlineFollowUps: DrawFollowUps = {
  fanOut: (db, contestId) => fanOutDrawResults(db, contestId),
  retry: async () => undefined,
};
const followUpsHolder = globalThis as typeof globalThis & { __prizeDrawFollowUps?: DrawFollowUps };
export function setDrawFollowUps(f: DrawFollowUps | undefined): void {
  followUpsHolder.__prizeDrawFollowUps = f;
}
const followUps = (): DrawFollowUps => followUpsHolder.__prizeDrawFollowUps ?? inlineFollowUps;

/** The draw's one transaction: a few statements, so generous limits only absorb a busy database. */
const DRAW_TX_OPTIONS = { maxWait: 15_000, timeout: 30_000 } as const;

/**
 * Closing builds the entry list's Merkle tree under the contest's row lock (a page of entries at a
 * time; seconds for 500k entries, bench/draw-tree.ts): room for a loaded host. Only this contest's
 * purchases wait on that lock, and they are refused once it commits.
 */
const CLOSE_TX_OPTIONS = { maxWait: 15_000, timeout: 120_000 } as const;

/** A fresh secret seed (32 random bytes, hex) and its published SHA-256. */
export async function newDrawSeed(): Promise<{ drawSeed: string; drawSeedHash: string }> {
  const drawSeed = randomBytes(32).toString("hex");
  return { drawSeed, drawSeedHash: await sha256Hex(drawSeed) };
}

export type DrawOutcome = {
  contestId: string;
  soldTickets: number;
  winningTicket: number | null;
  winnerId: string | null;
  winnerPostId: string | null;
};

type LockedRow = {
  id: string;
  title: string;
  drawSeed: string;
  soldTickets: number;
  imageUrl: string | null;
  cashAlternative: Prisma.Decimal | null;
  drawMethod: string | null;
  entriesHash: string | null;
  beaconRandomness: string | null;
  pickNumbers: boolean;
};

function winnerDisplayName(u: { firstName: string; lastName: string; displayName: string | null }): string {
  if (u.displayName?.trim()) return u.displayName.trim();
  const initial = u.lastName.trim().charAt(0);
  return initial ? `${u.firstName} ${initial}.` : u.firstName;
}

/**
 * Closes sales of an active contest once: status 'ended', the close instant, whether an admin
 * ended it early, the draw method, the hash of the final entry list and (DRAW_BEACON) the drand
 * round to wait for. Returns false when it was not active (someone else closed it).
 */
export async function closeSales(db: Db, contestId: string, opts: { early?: boolean } = {}): Promise<boolean> {
  const beacon = fairPlaySettings().beacon;
  const now = new Date();
  // Chain info first (built in for quicknet): no network call while the contest row is locked.
  const round = beacon ? roundAfter(await beaconChainInfo(beacon), now) : null;
  const method: DrawMethod = beacon ? "beacon" : "entries";
  return db.$transaction(async (tx) => {
    const closed = await tx.$queryRaw<{ id: string; soldTickets: number }[]>`
      UPDATE "Contest" SET "status" = 'ended', "salesClosedAt" = ${now}, "updatedAt" = ${now},
        "endedEarlyAt" = CASE WHEN ${opts.early === true}
          AND ("endDate" IS NULL OR "endDate" > ${now})
          AND ("maxTickets" IS NULL OR "soldTickets" < "maxTickets") THEN ${now}::timestamp(3) ELSE NULL END,
        "drawMethod" = ${method}, "beaconChainHash" = ${beacon?.chainHash ?? null}, "beaconRound" = ${round}::int
      WHERE "id" = ${contestId} AND "status" = 'active' AND "drawnAt" IS NULL
      RETURNING "id", "soldTickets"`;
    if (!closed[0]) return false;
    // Every purchase that got the row lock before us has committed; later ones find it ended. New
    // statements (new snapshots) see them all: the final entry list becomes a Merkle tree (scheme 2,
    // services/draws/tree.ts, read a page at a time) whose root is the published entriesHash.
    const root = await buildDrawTree(tx, contestId);
    await tx.$executeRaw`UPDATE "Contest" SET "entriesHash" = ${root}, "drawScheme" = ${DRAW_SCHEME_MERKLE} WHERE "id" = ${contestId}`;
    return true;
  }, CLOSE_TX_OPTIONS);
}

/**
 * Draw scheme 1 (contests closed before scheme 2 existed): SHA-256 (hex) of the contest's entry list as
 * src/shared/draw.ts `entriesDigestText` writes it: one `first-last:id` line per entry by first
 * ticket, joined by "\n" (an empty list hashes ""). Kept for tests that make scheme-1 records.
 */
export const ENTRIES_HASH_SQL = (contestId: string) => Prisma.sql`
  SELECT encode(sha256(convert_to(COALESCE(string_agg(
           e."firstTicket"::text || '-' || e."lastTicket"::text || ':' || e."id", E'\\n' ORDER BY e."firstTicket"), ''),
         'UTF8')), 'hex')
  FROM "TicketEntry" e WHERE e."contestId" = ${contestId}`;

/** Contests whose sales closed but whose winner is not drawn yet (e.g. waiting for the beacon). */
export async function findAwaitingDraws(db: DbTx): Promise<string[]> {
  const rows = await db.contest.findMany({
    where: { status: "ended", salesClosedAt: { not: null }, drawnAt: null },
    select: { id: true },
    orderBy: { salesClosedAt: "asc" },
    take: 100,
  });
  return rows.map((r) => r.id);
}

/**
 * Ends and draws an active contest once: closes sales, then draws at once unless the draw waits
 * for its beacon round (then the contest shows "Contest ended - awaiting results" and the
 * scheduler completes it). Returns null when someone else already closed it, the beacon is
 * pending or the draw failed (its reason kept for admins, retried by the job queue); throws
 * notFound for an unknown id. Sales stay closed whatever happens to the draw.
 */
export async function drawContest(db: Db, contestId: string, opts: { early?: boolean } = {}): Promise<DrawOutcome | null> {
  const exists = await db.contest.findUnique({ where: { id: contestId }, select: { id: true } });
  if (!exists) throw notFound("Contest not found");
  if (!(await closeSales(db, contestId, opts))) return null;
  try {
    return await completeDraw(db, contestId);
  } catch (err) {
    await recordDrawFailure(db, contestId, err);
    await followUps()
      .retry(db, contestId)
      .catch((e: unknown) => logger.error({ err: e, contestId }, "queueing the draw's retry failed"));
    return null;
  }
}

/** Keeps why completing the draw failed on the contest (admins see it; verify:draw says it is retrying). */
export async function recordDrawFailure(db: Db, contestId: string, err: unknown): Promise<void> {
  const reason = (err instanceof Error ? err.message : String(err)).slice(0, 500) || "unknown error";
  logger.error({ err, contestId }, "completing a draw failed");
  await db.$executeRaw`
    UPDATE "Contest" SET "drawError" = ${reason}, "drawAttempts" = "drawAttempts" + 1
    WHERE "id" = ${contestId} AND "drawnAt" IS NULL`.catch((e: unknown) =>
    logger.error({ err: e, contestId }, "recording a draw failure failed"),
  );
}

/** Why a closed contest is not drawn yet, in words for the admin and the verifier (null: drawn or open). */
export function pendingDrawReason(c: {
  status: string;
  salesClosedAt: Date | null;
  drawnAt: Date | null;
  drawMethod: string | null;
  beaconRound: number | null;
  drawError: string | null;
  drawAttempts: number;
}): string | null {
  if (c.status !== "ended" || !c.salesClosedAt || c.drawnAt) return null;
  if (c.drawError) return `the draw failed (${c.drawAttempts} attempt${c.drawAttempts === 1 ? "" : "s"}) and is being retried`;
  if (c.drawMethod === "beacon") {
    if (!fairPlaySettings().beacon)
      return `waiting for drand round ${c.beaconRound}, but the beacon is switched off: an admin must cancel`;
    return `waiting for drand round ${c.beaconRound} to be published`;
  }
  return "sales are closed; the draw is queued";
}

/**
 * Draws a closed contest once: fetches and verifies its beacon round when it uses one (outside the
 * transaction), then one short transaction picks the winner. null = drawn already, or beacon
 * pending. Throws when the draw cannot be completed (the caller records why and retries).
 */
export async function completeDraw(db: Db, contestId: string): Promise<DrawOutcome | null> {
  const pending = await db.contest.findUnique({
    where: { id: contestId },
    select: { drawnAt: true, salesClosedAt: true, drawMethod: true, beaconRound: true, beaconRandomness: true },
  });
  if (!pending || pending.drawnAt || !pending.salesClosedAt) return null;
  let beaconRound: { randomness: string; signature: string } | null = null;
  if (pending.drawMethod === "beacon" && !pending.beaconRandomness) {
    const settings = fairPlaySettings().beacon;
    if (!settings || pending.beaconRound === null) return null; // beacon switched off: an admin must cancel
    beaconRound = await fetchVerifiedRound(settings, pending.beaconRound);
    if (!beaconRound) return null;
  }
  const outcome = await db.$transaction(async (tx) => {
    const now = new Date();
    const locked = await tx.$queryRaw<LockedRow[]>`
      UPDATE "Contest" SET "drawnAt" = ${now}, "updatedAt" = ${now}, "drawError" = NULL,
        "beaconRandomness" = COALESCE("beaconRandomness", ${beaconRound?.randomness ?? null}),
        "beaconSignature" = COALESCE("beaconSignature", ${beaconRound?.signature ?? null})
      WHERE "id" = ${contestId} AND "status" = 'ended' AND "salesClosedAt" IS NOT NULL AND "drawnAt" IS NULL
      RETURNING "id", "title", "drawSeed", "soldTickets", "imageUrl", "cashAlternative",
        "drawMethod", "entriesHash", "beaconRandomness", "pickNumbers"`;
    const contest = locked[0];
    if (!contest) return null;

    const drawn = await computeDrawWinner({
      seed: contest.drawSeed,
      contestId: contest.id,
      soldTickets: contest.soldTickets,
      method: contest.drawMethod as DrawMethod | null,
      entriesHash: contest.entriesHash,
      beaconRandomness: contest.beaconRandomness,
    });
    // Pick your numbers: the draw's 1..soldTickets is the rank among the sold numbers (services/tickets/picking.ts).
    const winningTicket = contest.pickNumbers && drawn !== null ? await nthSoldNumber(tx, contestId, drawn) : drawn;
    if (drawn !== null && winningTicket === null) throw conflict(`No entry holds sold ticket ${drawn} of ${contest.soldTickets}`);
    const result: DrawOutcome = {
      contestId,
      soldTickets: contest.soldTickets,
      winningTicket,
      winnerId: null,
      winnerPostId: null,
    };
    if (winningTicket === null) return result; // no tickets sold: ended without a winner

    // One index probe on (contestId, lastTicket): the first range ending at or after the ticket.
    const winnerEntry = await tx.ticketEntry.findFirst({
      where: { contestId, lastTicket: { gte: winningTicket } },
      orderBy: { lastTicket: "asc" },
      include: { user: { select: { id: true, firstName: true, lastName: true, displayName: true } } },
    });
    if (!winnerEntry || winnerEntry.firstTicket > winningTicket) {
      // soldTickets and entries are written in one purchase transaction, so this means corrupt data.
      throw conflict(`No entry holds ticket ${winningTicket} of ${contest.soldTickets}`);
    }
    const winnerId = winnerEntry.userId;
    await tx.contest.update({ where: { id: contestId }, data: { winningTicket, winnerId } });
    // The prize waits for the winner's claim: the cash alternative or delivery (services/prizes/prizes.ts).
    const prize = await tx.prize.create({
      data: {
        contestId,
        userId: winnerId,
        cashAlternative: contest.cashAlternative,
        claimBy: new Date(now.getTime() + PRIZE_CLAIM_DAYS * 86_400_000),
      },
    });
    await mailPrizeClaimSteps(tx, {
      userId: winnerId,
      contestTitle: contest.title,
      cashAlternative: prize.cashAlternative ? moneyString(prize.cashAlternative) : null,
      claimBy: prize.claimBy,
    });
    // Every entrant (winner included) is told after commit, in batches (services/draws/fanout.ts).
    await createDrawFanout(tx, contestId);

    const post = await tx.winnerPost.create({
      data: {
        title: `${winnerDisplayName(winnerEntry.user)} wins ${contest.title}`.slice(0, 200),
        description: `Ticket #${winningTicket} of ${contest.soldTickets} won the draw for ${contest.title}.`,
        winnerName: winnerDisplayName(winnerEntry.user),
        winnerId,
        contestId,
        contestTitle: contest.title,
        imageUrl: contest.imageUrl,
        winAmount: contest.cashAlternative ? `$${moneyString(contest.cashAlternative)} cash alternative` : null,
        winDate: now,
        isPublished: false,
      },
    });
    result.winnerId = winnerId;
    result.winnerPostId = post.id;
    return result;
  }, DRAW_TX_OPTIONS);
  if (outcome?.winnerId) {
    // After commit: a failure here leaves the DrawFanout row pending, which the scheduler resumes.
    await followUps()
      .fanOut(db, contestId)
      .catch((err: unknown) => logger.error({ err, contestId }, "draw results fan-out failed; the scheduler resumes it"));
  }
  return outcome;
}

export { cancelContest } from "./cancel";

/** Active, undrawn contests that are sold out or past their end date. */
export async function findDueContests(db: DbTx, now = new Date()): Promise<string[]> {
  const rows = await db.$queryRaw<{ id: string }[]>`
    SELECT "id" FROM "Contest"
    WHERE "status" = 'active' AND "drawnAt" IS NULL
      AND (("endDate" IS NOT NULL AND "endDate" <= ${now})
        OR ("maxTickets" IS NOT NULL AND "soldTickets" >= "maxTickets"))
    ORDER BY "endDate" ASC NULLS LAST
    LIMIT 100`;
  return rows.map((r) => r.id);
}

/** One scheduler pass: draws every due contest. Safe on several instances (each draw is guarded). */
export async function runDueDraws(db: Db, now = new Date()): Promise<DrawOutcome[]> {
  const done: DrawOutcome[] = [];
  for (const id of await findAwaitingDraws(db)) {
    try {
      const outcome = await completeDraw(db, id);
      if (outcome) done.push(outcome);
    } catch (err) {
      await recordDrawFailure(db, id, err);
    }
  }
  for (const id of await findDueContests(db, now)) {
    try {
      const outcome = await drawContest(db, id);
      if (outcome) done.push(outcome);
    } catch (err) {
      logger.error({ err, contestId: id }, "automatic draw failed");
    }
  }
  // Fan-outs a crash or a lost job left unfinished resume where they stopped.
  for (const id of await findPendingFanouts(db)) {
    await followUps()
      .fanOut(db, id)
      .catch((err: unknown) => logger.error({ err, contestId: id }, "resuming a results fan-out failed"));
  }
  return done;
}

/** For the purchases service: draw right away when a purchase sold the contest out. */
export async function drawIfSoldOut(db: Db, contestId: string): Promise<DrawOutcome | null> {
  const c = await db.contest.findUnique({
    where: { id: contestId },
    select: { status: true, drawnAt: true, soldTickets: true, maxTickets: true },
  });
  if (c?.status !== "active" || c.drawnAt || c.maxTickets === null || c.soldTickets < c.maxTickets) return null;
  return drawContest(db, contestId);
}
