/**
 * Auto-entry, a player's standing order (docs/retention.md "Auto-entry"): ticketsPerPeriod tickets
 * of each chosen contest, or of each open contest of a category, every week (or day), until the
 * order's total spend cap.
 *
 * - It buys only through the checkout (services/checkout, `checkout`): prices, spend limits and
 *   exclusion under the buyer's lock, per-player ticket caps, skill answers, credit before cash,
 *   receipts and instant wins are the checkout's, never repeated here.
 * - Skill questions are answered at set-up and judged then by the checkout's own gate (a wrong
 *   answer refuses the set-up and counts as an attempt). A category order skips a contest whose
 *   question the player did not answer at set-up, and says so on the run.
 * - One run per (order, period, contest): the AutoEntryRun row is written first in the purchase's
 *   own transaction, so a job run twice, or on two instances, buys once per period.
 * - The spend cap is a conditional UPDATE in that same transaction: never passed, even by a race.
 * - Before each run safer-play's `incentiveBlock` is asked: a closed, self-excluded or
 *   limit-reached player's order stops (it does not wait for the next period) and they are told.
 *   A refusal about the player (balance too low, a limit this purchase would pass, an exclusion)
 *   also stops it; a refusal about one contest (sold out, ended, its ticket cap for the player,
 *   its question locked) skips that contest for the period.
 * - Subscriber-only draws: contests carry no such flag in the schema (prisma/schema.prisma), so
 *   there is nothing to exclude yet; a flag added later must be excluded in `targetsOf`.
 */
import type { z } from "zod";
import { CART_MESSAGES } from "@/shared/schemas/cart";
import { FAIR_PLAY_MESSAGES } from "@/shared/fair-play-messages";
import { moneyString, toDecimal } from "@/shared/money";
import {
  AUTO_ENTRY_LIMITS,
  AUTO_ENTRY_MESSAGES,
  AUTO_ENTRY_PERIOD_MS,
  type AutoEntryPeriod,
  type autoEntryOutput,
  type CreateAutoEntryInput,
} from "@/shared/schemas/auto-entry";
import type { Db, DbTx } from "../../platform/db";
import { badRequest, conflict, DomainError, forbidden, notFound } from "../../platform/errors";
import { logger } from "../../platform/logger";
import { mailAutoEntryStopped } from "../../mail/events";
import { isUniqueViolation } from "../../platform/unique-violation";
import { consumeOrThrow, type RateRule } from "../../security/rate-limit";
import { checkout, gateSkillAnswers, skillQuestionOf } from "../checkout";
import { notify } from "../kernel";
import { type IncentiveBlock, incentiveBlock } from "../safer-play";
import { settleReferralAfterPurchase } from "./referral";

export type AutoEntryView = z.output<typeof autoEntryOutput>;

/** Set-ups and cancels per player: enough for anyone changing their mind, not for a script. */
export const AUTO_ENTRY_WRITE_RULE: RateRule = { limit: 30, windowMs: 3_600_000 };
/** Orders one sweep of the job runs (the next sweep takes the rest). */
export const AUTO_ENTRY_SWEEP_BATCH = 100;

export const AUTO_ENTRY_REASONS = {
  closed: "your account is closed",
  self_excluded: "you are self-excluded",
  limit_reached: "you have reached a spending limit you set",
  balance: "your balance was too low for the next entries",
  cap: (cap: string) => `it reached its spending cap of $${cap}`,
  allClosed: "every contest it enters has closed",
  unanswered: "The skill question was not answered at set-up",
} as const;

const blockReason = (b: IncentiveBlock) => AUTO_ENTRY_REASONS[b];

type Order = NonNullable<Awaited<ReturnType<Db["autoEntry"]["findUnique"]>>>;

/** Thrown inside the purchase when the order was cancelled or its cap would be passed: rolls the purchase back. */
class OrderChanged extends Error {}

function answersOf(order: Pick<Order, "answers">): Record<string, number> {
  const a = order.answers;
  return a && typeof a === "object" && !Array.isArray(a) ? (a as Record<string, number>) : {};
}

/** The next period start after `now` on the order's grid (a job that was down does not buy the missed periods). */
export function nextPeriodAfter(period: Date, kind: AutoEntryPeriod, now: Date): Date {
  const step = AUTO_ENTRY_PERIOD_MS[kind];
  const missed = Math.max(0, Math.floor((now.getTime() - period.getTime()) / step));
  return new Date(period.getTime() + (missed + 1) * step);
}

/** POST /api/user/auto-entries: judged, bounded, and the first period bought at once. */
export async function createAutoEntry(
  db: Db,
  userId: string,
  input: CreateAutoEntryInput,
  now = new Date(),
): Promise<{ message: string; autoEntry: AutoEntryView }> {
  await writeBudget(db, userId);
  if (await incentiveBlock(db, userId, now)) throw forbidden(AUTO_ENTRY_MESSAGES.blocked);
  if ((await activeCount(db, userId)) >= AUTO_ENTRY_LIMITS.activeMax) throw conflict(AUTO_ENTRY_MESSAGES.tooMany);

  const ids = input.contestIds ?? [];
  if (ids.length) {
    const found = await db.contest.findMany({
      where: { id: { in: ids } },
      select: { id: true, title: true, status: true, endDate: true, skillQuestion: true },
    });
    if (found.length !== ids.length) throw badRequest(AUTO_ENTRY_MESSAGES.unknownContest);
    for (const c of found) {
      if (c.status !== "active" || (c.endDate && c.endDate <= now)) throw badRequest(AUTO_ENTRY_MESSAGES.notOpen(c.title));
      if (skillQuestionOf(c.skillQuestion) && !input.answers.some((a) => a.contestId === c.id))
        throw badRequest(FAIR_PLAY_MESSAGES.answerMissingFor(c.title));
    }
    if (input.answers.some((a) => !ids.includes(a.contestId))) throw badRequest(AUTO_ENTRY_MESSAGES.answerNotInTarget);
  } else if (input.answers.length) {
    const inCategory = await db.contest.count({
      where: { id: { in: input.answers.map((a) => a.contestId) }, category: input.category, status: "active" },
    });
    if (inCategory !== input.answers.length) throw badRequest(AUTO_ENTRY_MESSAGES.answerNotInTarget);
  }
  // The checkout's own gate: counted, a wrong answer refused and the contest locked as at a checkout.
  await gateSkillAnswers(
    db,
    userId,
    input.answers.map((a) => ({ contestId: a.contestId, quantity: input.ticketsPerPeriod, answerIndex: a.answerIndex })),
    now,
  );

  const order = await db.$transaction(async (tx) => {
    // The player's row lock: two set-ups at once cannot both pass the count.
    await tx.$queryRaw`SELECT "id" FROM "User" WHERE "id" = ${userId} FOR UPDATE`;
    if ((await activeCount(tx, userId)) >= AUTO_ENTRY_LIMITS.activeMax) throw conflict(AUTO_ENTRY_MESSAGES.tooMany);
    return tx.autoEntry.create({
      data: {
        userId,
        contestIds: ids,
        category: ids.length ? null : (input.category ?? null),
        answers: Object.fromEntries(input.answers.map((a) => [a.contestId, a.answerIndex])),
        ticketsPerPeriod: input.ticketsPerPeriod,
        period: input.period,
        capUsd: toDecimal(input.capUsd),
        nextRunAt: now,
      },
    });
  });
  // "First entries bought now, then every period": the player sees their tickets at once.
  const first = await runAutoEntry(db, order.id, now);
  const message = first.stopped ? AUTO_ENTRY_MESSAGES.stoppedAtOnce(first.stopped) : AUTO_ENTRY_MESSAGES.created;
  return { message, autoEntry: await viewOf(db, userId, order.id) };
}

/** POST /api/user/auto-entries/:id/cancel: one click; nothing more is bought (a purchase in flight rolls back). */
export async function cancelAutoEntry(
  db: Db,
  userId: string,
  id: string,
): Promise<{ message: string; autoEntry: AutoEntryView }> {
  await writeBudget(db, userId);
  const { count } = await db.autoEntry.updateMany({
    where: { id, userId, status: { in: ["active", "stopped"] } },
    data: { status: "cancelled" },
  });
  if (count === 0) {
    const row = await db.autoEntry.findFirst({ where: { id, userId }, select: { id: true } });
    if (!row) throw notFound(AUTO_ENTRY_MESSAGES.notFound);
    throw conflict(AUTO_ENTRY_MESSAGES.alreadyCancelled);
  }
  return { message: AUTO_ENTRY_MESSAGES.cancelled, autoEntry: await viewOf(db, userId, id) };
}

/** GET /api/user/auto-entries: the player's orders, newest first (at most 50), each with its latest runs. */
export async function listAutoEntries(db: DbTx, userId: string): Promise<AutoEntryView[]> {
  const rows = await db.autoEntry.findMany({
    where: { userId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: 50,
    include: { runs: { orderBy: [{ createdAt: "desc" }, { id: "desc" }], take: 10 } },
  });
  const contestIds = [...new Set(rows.flatMap((r) => [...r.contestIds, ...r.runs.map((x) => x.contestId)]))];
  const titles = new Map(
    (contestIds.length
      ? await db.contest.findMany({ where: { id: { in: contestIds } }, select: { id: true, title: true } })
      : []
    ).map((c) => [c.id, c.title]),
  );
  return rows.map((r) => ({
    id: r.id,
    status: r.status,
    stopReason: r.stopReason,
    contests: r.contestIds.map((id) => ({ id, title: titles.get(id) ?? id })),
    category: r.category,
    ticketsPerPeriod: r.ticketsPerPeriod,
    period: r.period as AutoEntryPeriod,
    capUsd: moneyString(r.capUsd),
    spentUsd: moneyString(r.spentUsd),
    nextRunAt: r.status === "active" ? r.nextRunAt : null,
    createdAt: r.createdAt,
    recentRuns: r.runs.map((x) => ({
      contestId: x.contestId,
      contestTitle: titles.get(x.contestId) ?? null,
      period: x.period,
      outcome: x.outcome as "bought" | "skipped" | "refused",
      reason: x.reason,
      tickets: x.tickets,
      amount: moneyString(x.amount),
      createdAt: x.createdAt,
    })),
  }));
}

async function viewOf(db: DbTx, userId: string, id: string): Promise<AutoEntryView> {
  const view = (await listAutoEntries(db, userId)).find((o) => o.id === id);
  if (!view) throw notFound(AUTO_ENTRY_MESSAGES.notFound);
  return view;
}

function writeBudget(db: Db, userId: string): Promise<unknown> {
  return consumeOrThrow(
    db,
    `auto-entry:${userId}`,
    AUTO_ENTRY_WRITE_RULE,
    (retry) => `You are changing auto-entries too quickly. Please try again ${retry}.`,
  );
}

function activeCount(db: DbTx, userId: string): Promise<number> {
  return db.autoEntry.count({ where: { userId, status: "active" } });
}

/** The open contests a period of this order enters, in id order. */
async function targetsOf(db: Db, order: Order, now: Date) {
  const open = { status: "active" as const, OR: [{ endDate: null }, { endDate: { gt: now } }] };
  const select = { id: true, title: true, ticketPrice: true, skillQuestion: true } as const;
  const rows = order.contestIds.length
    ? await db.contest.findMany({ where: { id: { in: order.contestIds }, ...open }, select })
    : order.category
      ? await db.contest.findMany({
          where: { category: order.category, ...open },
          select,
          orderBy: [{ endDate: { sort: "asc", nulls: "last" } }, { id: "asc" }],
          take: AUTO_ENTRY_LIMITS.categoryContestsMax,
        })
      : [];
  return rows.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

export type RunSummary = { bought: number; tickets: number; skipped: number; stopped: string | null };

/**
 * Runs the order's due period (nothing when it is not active or not due). Safe to call twice, or
 * on two instances at once: each contest of a period is bought at most once.
 */
export async function runAutoEntry(db: Db, id: string, now = new Date()): Promise<RunSummary> {
  const summary: RunSummary = { bought: 0, tickets: 0, skipped: 0, stopped: null };
  const order = await db.autoEntry.findUnique({ where: { id } });
  if (!order) return summary;
  if (order.status !== "active" || order.nextRunAt > now) return summary;
  const period = order.nextRunAt;
  const stop = async (reason: string) => {
    summary.stopped = reason;
    await stopOrder(db, order, reason);
  };

  const block = await incentiveBlock(db, order.userId, now);
  if (block) {
    await stop(blockReason(block));
    return summary;
  }
  const contests = await targetsOf(db, order, now);
  if (order.contestIds.length && contests.length === 0) {
    await stop(AUTO_ENTRY_REASONS.allClosed);
    return summary;
  }
  const done = new Set(
    (await db.autoEntryRun.findMany({ where: { autoEntryId: id, period }, select: { contestId: true } })).map((r) => r.contestId),
  );
  const answers = answersOf(order);
  let spent = toDecimal(order.spentUsd);
  const cap = toDecimal(order.capUsd);
  const key = (contestId: string) => ({ autoEntryId_period_contestId: { autoEntryId: id, period, contestId } });
  const record = (contestId: string, outcome: "skipped" | "refused", reason: string) =>
    db.autoEntryRun.createMany({
      data: [{ autoEntryId: id, period, contestId, outcome, reason }],
      skipDuplicates: true,
    });

  for (const c of contests) {
    if (done.has(c.id)) continue;
    const answerIndex = answers[c.id];
    if (skillQuestionOf(c.skillQuestion) && answerIndex === undefined) {
      await record(c.id, "skipped", AUTO_ENTRY_REASONS.unanswered);
      summary.skipped++;
      continue;
    }
    // The list price bounds what the line costs (bundles only lower it): stop before the cap, never past it.
    if (spent.add(toDecimal(c.ticketPrice).mul(order.ticketsPerPeriod)).gt(cap)) {
      await stop(AUTO_ENTRY_REASONS.cap(moneyString(cap)));
      break;
    }
    try {
      const result = await checkout(
        db,
        order.userId,
        [{ contestId: c.id, quantity: order.ticketsPerPeriod, ...(answerIndex === undefined ? {} : { answerIndex }) }],
        undefined,
        {
          before: async (tx) => {
            await tx.autoEntryRun.create({
              data: { autoEntryId: id, period, contestId: c.id, outcome: "bought", tickets: order.ticketsPerPeriod },
            });
          },
          after: async (tx, bought) => {
            const amount = toDecimal(bought.totalAmount);
            const moved = await tx.$executeRaw`
              UPDATE "AutoEntry" SET "spentUsd" = "spentUsd" + ${amount}, "updatedAt" = ${now}
              WHERE "id" = ${id} AND "status" = 'active' AND "spentUsd" + ${amount} <= "capUsd"`;
            if (moved !== 1) throw new OrderChanged();
            await tx.autoEntryRun.update({ where: key(c.id), data: { amount } });
          },
        },
      );
      spent = spent.add(toDecimal(result.totalAmount));
      summary.bought++;
      summary.tickets += order.ticketsPerPeriod;
    } catch (e) {
      if (isUniqueViolation(e)) continue; // another run bought this contest for this period
      if (e instanceof OrderChanged) {
        const now2 = await db.autoEntry.findUnique({ where: { id }, select: { status: true } });
        if (now2?.status === "active") await stop(AUTO_ENTRY_REASONS.cap(moneyString(cap)));
        else summary.stopped = "cancelled";
        break;
      }
      if (!(e instanceof DomainError)) throw e;
      // About the player (exclusion, age, a limit, the balance): the order stops. About this contest: skip it.
      if (e.code === "FORBIDDEN" || e.message === CART_MESSAGES.insufficientBalance) {
        const reason =
          e.message === CART_MESSAGES.insufficientBalance ? AUTO_ENTRY_REASONS.balance : e.message.replace(/\.$/, "");
        await record(c.id, "refused", reason);
        await stop(reason);
        break;
      }
      await record(c.id, "skipped", e.message);
      summary.skipped++;
    }
  }
  if (!summary.stopped) {
    await db.autoEntry.updateMany({
      where: { id, status: "active", nextRunAt: period },
      data: { nextRunAt: nextPeriodAfter(period, order.period as AutoEntryPeriod, now) },
    });
  }
  if (summary.bought) {
    // As after a cart checkout (src/server/api/routers/cart.ts): a referral the purchase qualifies is settled now.
    await settleReferralAfterPurchase(db, order.userId);
    await notify(db, order.userId, {
      type: "success",
      title: "Auto-entry",
      message: `Your auto-entry bought ${summary.tickets} ticket${summary.tickets === 1 ? "" : "s"} in ${summary.bought} contest${summary.bought === 1 ? "" : "s"}${summary.skipped ? `; ${summary.skipped} skipped (see Auto-entry)` : ""}.`,
    });
  }
  return summary;
}

/** Stops an active order once and tells the player why, in the app and by e-mail (a second stop changes and says nothing). */
async function stopOrder(db: Db, order: Order, reason: string): Promise<void> {
  await db.$transaction(async (tx) => {
    const { count } = await tx.autoEntry.updateMany({
      where: { id: order.id, status: "active" },
      data: { status: "stopped", stopReason: reason },
    });
    if (count === 0) return;
    await notify(tx, order.userId, {
      type: "warning",
      title: "Auto-entry stopped",
      message: `Your auto-entry stopped: ${reason}. Nothing more will be bought; you can set up a new one in Auto-entry.`,
    });
    await mailAutoEntryStopped(tx, order.userId, reason);
  });
}

/** The job (autoEntries.run): every due order, a batch at a time; one order's failure never stops the others. */
export async function runDueAutoEntries(db: Db, now = new Date()): Promise<number> {
  const due = await db.autoEntry.findMany({
    where: { status: "active", nextRunAt: { lte: now } },
    orderBy: [{ nextRunAt: "asc" }, { id: "asc" }],
    take: AUTO_ENTRY_SWEEP_BATCH,
    select: { id: true },
  });
  for (const { id } of due) {
    await runAutoEntry(db, id, now).catch((err: unknown) => logger.error({ err, autoEntryId: id }, "auto-entry run failed"));
  }
  return due.length;
}
