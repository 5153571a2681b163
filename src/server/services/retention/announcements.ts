/**
 * A contest's announcement (docs/retention.md "Announcements"): the one marketing send there is. An
 * admin announces a contest on sale once; the send then walks the players who opted in to offers (by
 * e-mail or push), in batches by id, each batch one short transaction that locks the send's row,
 * queues each player's mail and push through the accounts domain's `queueMarketingEmail` and
 * `queueMarketingPush` (the opt-in per channel, safer-play's block, a verified address, the one-click
 * unsubscribe) and moves the cursor past the batch. A send stopped
 * half-way (a crash, a restart) resumes at its cursor: nobody is mailed twice, nobody is skipped.
 */
import type { Db, DbTx } from "../../platform/db";
import { conflict, notFound } from "../../platform/errors";
import { isUniqueViolation } from "../../platform/unique-violation";
import { offer } from "../../mail/templates";
import { formatUsd } from "@/shared/money-format";
import { queueMarketingEmail, queueMarketingPush } from "../accounts";
import { recordAudit } from "../kernel";

/** Players per batch: each costs a few short queries, so a batch stays well under a second. */
export const ANNOUNCE_BATCH_PLAYERS = 200;

export const ANNOUNCE_MESSAGES = {
  queued: "Announcement queued: players who opted in to offers will get an e-mail",
  already: "This contest was already announced",
  notOnSale: "Only a contest on sale can be announced",
} as const;

export type SendProgress = { done: boolean; queued: number; batches: number };

/** Starts a contest's announcement (once per contest), audited; the send runs in the job. */
export async function announceContest(db: Db, actorId: string, contestId: string): Promise<{ message: string; sendId: string }> {
  return db.$transaction(async (tx) => {
    const contest = await tx.contest.findUnique({ where: { id: contestId }, select: { status: true, endDate: true } });
    if (!contest) throw notFound("Contest not found");
    if (contest.status !== "active" || (contest.endDate && contest.endDate <= new Date())) {
      throw conflict(ANNOUNCE_MESSAGES.notOnSale);
    }
    try {
      const send = await tx.marketingSend.create({ data: { kind: "contest", subjectId: contestId, createdById: actorId } });
      await recordAudit(tx, { actorId, action: "contest.announce", targetType: "contest", targetId: contestId });
      return { message: ANNOUNCE_MESSAGES.queued, sendId: send.id };
    } catch (e) {
      if (isUniqueViolation(e)) throw conflict(ANNOUNCE_MESSAGES.already);
      throw e;
    }
  });
}

type Subject = { id: string; title: string; ticketPrice: { toString(): string } };

async function sendBatch(tx: DbTx, sendId: string, batchPlayers: number): Promise<{ queued: number; done: boolean } | null> {
  const rows = await tx.$queryRaw<{ cursor: string | null; subjectId: string; doneAt: Date | null }[]>`
    SELECT "cursor", "subjectId", "doneAt" FROM "MarketingSend" WHERE "id" = ${sendId} FOR UPDATE`;
  const send = rows[0];
  if (!send || send.doneAt) return null;
  const contest: Subject | null = await tx.contest.findUnique({
    where: { id: send.subjectId },
    select: { id: true, title: true, ticketPrice: true, status: true },
  });
  const players = await tx.$queryRaw<{ id: string }[]>`
    SELECT "id" FROM "User" WHERE ("marketingEmailAt" IS NOT NULL OR "marketingPushAt" IS NOT NULL) AND "id" > ${send.cursor ?? ""}
    ORDER BY "id" LIMIT ${batchPlayers}`;
  let queued = 0;
  for (const p of contest ? players : []) {
    if (!contest) break;
    const id = await queueMarketingEmail(tx, p.id, (player) =>
      offer(player.firstName, `New contest: ${contest.title}`, {
        paragraphs: [
          `${contest.title} is open now, tickets from ${formatUsd(contest.ticketPrice.toString())}.`,
          "Every contest has a free entry route; the draw is public and anyone can check it.",
        ],
        button: { label: "See the contest", path: `/contest/${contest.id}` },
        unsubscribeUrl: player.unsubscribeUrl,
      }),
    );
    const pushed = await queueMarketingPush(tx, p.id, {
      title: `New contest: ${contest.title}`,
      body: `Open now, tickets from ${formatUsd(contest.ticketPrice.toString())}.`,
      url: `/contest/${contest.id}`,
    });
    if (id || pushed > 0) queued++;
  }
  // A contest deleted since: nothing more to announce.
  const done = !contest || players.length < batchPlayers;
  await tx.marketingSend.update({
    where: { id: sendId },
    data: {
      cursor: players.at(-1)?.id ?? send.cursor,
      queued: { increment: queued },
      ...(done ? { doneAt: new Date() } : {}),
    },
  });
  return { queued, done };
}

/** Runs one send to the end, batch by batch; safe to run twice at once (the row lock takes turns). */
export async function runMarketingSend(
  db: Db,
  sendId: string,
  opts: { batchPlayers?: number; maxBatches?: number } = {},
): Promise<SendProgress> {
  const progress: SendProgress = { done: false, queued: 0, batches: 0 };
  while (progress.batches < (opts.maxBatches ?? Number.POSITIVE_INFINITY)) {
    const step = await db.$transaction((tx) => sendBatch(tx, sendId, opts.batchPlayers ?? ANNOUNCE_BATCH_PLAYERS));
    if (!step) {
      progress.done = true;
      break;
    }
    progress.batches++;
    progress.queued += step.queued;
    if (step.done) {
      progress.done = true;
      break;
    }
  }
  return progress;
}

/** Every send not finished yet (the job resumes them, oldest first). */
export async function runPendingMarketingSends(db: Db): Promise<number> {
  const sends = await db.marketingSend.findMany({ where: { doneAt: null }, orderBy: { createdAt: "asc" }, take: 20 });
  for (const s of sends) await runMarketingSend(db, s.id);
  return sends.length;
}
