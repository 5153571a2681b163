/** The admin dashboard's figures: stats, overview and analytics (the Users tab and roles: ../accounts/staff.ts). Definitions of every stat: docs/admin.md. */
import type { z } from "zod";
import type { analyticsOutput, statsOutput } from "@/shared/schemas/responses";
import { Prisma } from "@/generated/prisma/client";
import type { DbTx } from "../../platform/db";
import { moneyString } from "@/shared/money";
import { type PublicContest, toPublicContest } from "../contests";

const DAY = 24 * 3600_000;

export type AdminStats = z.output<typeof statsOutput>;

const sumString = (v: Prisma.Decimal | null) => moneyString(v ?? new Prisma.Decimal(0));

/** The figures that count whole tables (every user, every approved payment): the snapshot's. */
export type StatsFigures = Pick<AdminStats, "totalUsers" | "totalBalance" | "totalRevenue" | "totalContests" | "totalPayments">;

/**
 * How old the snapshot may be before a read counts again itself: the `stats.snapshot` job refreshes
 * it every STATS_SNAPSHOT_SECONDS; this covers an instance whose job queue is not running.
 */
export const STATS_SNAPSHOT_SECONDS = 60;
const SNAPSHOT_STALE_MS = 5 * STATS_SNAPSHOT_SECONDS * 1000;

/** Counts the whole-table figures and stores them (the `stats.snapshot` job, every minute). */
export async function refreshStatsSnapshot(db: DbTx, now = new Date()): Promise<StatsFigures> {
  const [totalUsers, balance, revenue, totalContests, totalPayments] = await Promise.all([
    db.user.count(),
    db.user.aggregate({ _sum: { balance: true } }),
    // Revenue is what was credited (an underpaid invoice credits what arrived, not the invoice).
    db.payment.aggregate({ where: { status: "approved" }, _sum: { creditedAmount: true } }),
    db.contest.count(),
    db.payment.count({ where: { status: "approved" } }),
  ]);
  const figures: StatsFigures = {
    totalUsers,
    totalBalance: sumString(balance._sum.balance),
    totalRevenue: sumString(revenue._sum.creditedAmount),
    totalContests,
    totalPayments,
  };
  await db.statsSnapshot.upsert({
    where: { id: 1 },
    create: { id: 1, figures, takenAt: now },
    update: { figures, takenAt: now },
  });
  return figures;
}

/** The snapshot's figures, or fresh ones when there is none younger than a few minutes. */
async function statsFigures(db: DbTx, now: Date): Promise<StatsFigures> {
  const snap = await db.statsSnapshot.findUnique({ where: { id: 1 } });
  if (snap && now.getTime() - snap.takenAt.getTime() < SNAPSHOT_STALE_MS) return snap.figures as StatsFigures;
  return refreshStatsSnapshot(db, now);
}

/**
 * The dashboard figures. Whole-table totals come from the snapshot (at most a minute old: counting
 * 200k users and every payment on each view cost 70-90 ms, and counters kept in the checkout's
 * transaction would make one row every purchase locks); the windowed and small figures are counted
 * live on their indexes (sign-ups by createdAt, approved payments by processedAt, contests and
 * pending payments by status).
 */
export async function getStats(db: DbTx, now = new Date()): Promise<AdminStats> {
  const weekAgo = new Date(now.getTime() - 7 * DAY);
  const monthAgo = new Date(now.getTime() - 30 * DAY);
  const [figures, weeklySignups, monthly, activeContests, pendingPayments] = await Promise.all([
    statsFigures(db, now),
    db.user.count({ where: { createdAt: { gte: weekAgo } } }),
    db.payment.aggregate({ where: { status: "approved", processedAt: { gte: monthAgo } }, _sum: { creditedAmount: true } }),
    db.contest.count({ where: { status: "active" } }),
    db.payment.count({ where: { status: "pending" } }),
  ]);
  return {
    totalUsers: figures.totalUsers,
    weeklySignups,
    totalBalance: figures.totalBalance,
    totalRevenue: figures.totalRevenue,
    monthlyRevenue: sumString(monthly._sum.creditedAmount),
    activeContests,
    totalContests: figures.totalContests,
    pendingPayments,
    totalPayments: figures.totalPayments,
  };
}

export type PendingPaymentPreview = {
  id: string;
  amount: string;
  cryptoCurrency: string;
  createdAt: Date;
  oxapayTrackId: string;
  oxapayPayAmount: string | null;
  userEmail: string;
};

/** The Overview tab: stats plus the first 3 pending payments and the first 3 contests. */
export async function getOverview(
  db: DbTx,
  now = new Date(),
): Promise<{ stats: AdminStats; pendingPayments: PendingPaymentPreview[]; contests: PublicContest[] }> {
  const [stats, payments, contests] = await Promise.all([
    getStats(db, now),
    db.payment.findMany({
      where: { status: "pending" },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      take: 3,
      include: { user: { select: { email: true } } },
    }),
    db.contest.findMany({ orderBy: [{ createdAt: "desc" }, { id: "asc" }], take: 3 }),
  ]);
  return {
    stats,
    pendingPayments: payments.map((p) => ({
      id: p.id,
      amount: moneyString(p.amount),
      cryptoCurrency: p.cryptoCurrency,
      createdAt: p.createdAt,
      oxapayTrackId: p.trackId,
      oxapayPayAmount: p.payAmount,
      userEmail: p.user.email,
    })),
    contests: contests.map(toPublicContest),
  };
}

export type AnalyticsDay = z.output<typeof analyticsOutput>["days"][number];

/**
 * Analytics: the stats plus a daily series over the last 30 days (approved revenue, approved
 * payments, sign-ups, cumulative users). Revenue in the series is a chart value (number of
 * dollars); exact totals stay decimal strings in `stats`.
 */
export async function getAnalytics(db: DbTx, now = new Date()): Promise<{ stats: AdminStats; days: AnalyticsDay[] }> {
  const days = 30;
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - (days - 1) * DAY);
  const [stats, revenueRows, signupRows] = await Promise.all([
    getStats(db, now),
    db.$queryRaw<{ day: string; revenue: string; payments: number }[]>`
      SELECT to_char(date_trunc('day', "processedAt"), 'YYYY-MM-DD') AS "day",
             SUM("creditedAmount")::text AS "revenue", COUNT(*)::int AS "payments"
      FROM "Payment" WHERE "status" = 'approved' AND "processedAt" >= ${start}
      GROUP BY 1`,
    db.$queryRaw<{ day: string; signups: number }[]>`
      SELECT to_char(date_trunc('day', "createdAt"), 'YYYY-MM-DD') AS "day", COUNT(*)::int AS "signups"
      FROM "User" WHERE "createdAt" >= ${start}
      GROUP BY 1`,
  ]);
  // Users before the window: the snapshot's total less the window's sign-ups (no count of every user).
  const usersBefore = Math.max(0, stats.totalUsers - signupRows.reduce((n, r) => n + r.signups, 0));
  const revenue = new Map(revenueRows.map((r) => [r.day, r]));
  const signups = new Map(signupRows.map((r) => [r.day, r.signups]));
  let users = usersBefore;
  const series: AnalyticsDay[] = [];
  for (let i = 0; i < days; i++) {
    const date = new Date(start.getTime() + i * DAY).toISOString().slice(0, 10);
    const r = revenue.get(date);
    const s = signups.get(date) ?? 0;
    users += s;
    series.push({
      date,
      revenue: r ? Number(r.revenue) : 0,
      payments: r ? r.payments : 0,
      signups: s,
      users,
    });
  }
  return { stats, days: series };
}
