/**
 * Players at risk (docs/admin.md "Players at risk"): risk markers computed by one SQL statement
 * over the last weeks of spending and top-ups, so the list costs the same whatever the number of
 * players (the windows are read through the createdAt indexes of LedgerEntry and Payment).
 * Thresholds: RISK_THRESHOLDS in src/shared/safer-play.ts.
 */
import { Prisma } from "@/generated/prisma/client";
import { moneyString } from "@/shared/money";
import { RISK_LIST_LIMIT, RISK_THRESHOLDS as T, type RiskMarker } from "@/shared/safer-play";
import type { DbTx } from "../../platform/db";

export type RiskRow = {
  userId: string;
  email: string;
  name: string;
  markers: RiskMarker[];
  /** UTC days in the window on which spending reached the daily limit. */
  limitDays: number;
  /** Spending in each rolling week, the latest first. */
  weeklySpend: string[];
  /** Most top-ups asked for on one UTC day in the window. */
  topUpsInADay: number;
  selfExcluded: boolean;
  closed: boolean;
};

type Raw = {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  limitDays: number | null;
  weeks: Prisma.Decimal[] | null;
  rising: boolean | null;
  topUps: number | null;
  selfExcluded: boolean;
  closed: boolean;
};

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;

/** One player's markers (empty when not at risk): what flags an account for the payout rules. */
export async function riskMarkersOf(db: DbTx, userId: string, now = new Date()): Promise<RiskMarker[]> {
  return (await listRiskMarkers(db, now, userId))[0]?.markers ?? [];
}

export async function listRiskMarkers(db: DbTx, now = new Date(), onlyUserId: string | null = null): Promise<RiskRow[]> {
  const nowMs = now.getTime();
  const spendSince = new Date(nowMs - Math.max(T.limitDaysWindow * DAY_MS, T.risingWeeks * WEEK_MS));
  const rows = await db.$queryRaw<Raw[]>`
    WITH spend AS (
      SELECT "userId", "createdAt", -"amount" AS amt FROM "LedgerEntry"
      WHERE "createdAt" > ${spendSince} AND "kind" IN ('purchase', 'wheel_spin') AND "amount" < 0
        AND (${onlyUserId}::text IS NULL OR "userId" = ${onlyUserId}::text)
    ),
    limit_days AS (
      SELECT d."userId", COUNT(*)::int AS days
      FROM (
        SELECT "userId", date_trunc('day', "createdAt") AS day, SUM(amt) AS total FROM spend
        WHERE "createdAt" > ${new Date(nowMs - T.limitDaysWindow * DAY_MS)} GROUP BY 1, 2
      ) d JOIN "User" u ON u."id" = d."userId"
      WHERE u."dailyLimit" IS NOT NULL AND d.total >= u."dailyLimit"
      GROUP BY d."userId"
    ),
    wk AS (
      SELECT "userId", FLOOR((${nowMs}::float8 - EXTRACT(EPOCH FROM "createdAt") * 1000) / ${WEEK_MS}::float8)::int AS w,
        SUM(amt) AS total
      FROM spend WHERE "createdAt" > ${new Date(nowMs - T.risingWeeks * WEEK_MS)} GROUP BY 1, 2
    ),
    grid AS (
      SELECT p."userId", g.w, COALESCE(wk.total, 0) AS total
      FROM (SELECT DISTINCT "userId" FROM wk) p
      CROSS JOIN generate_series(0, ${T.risingWeeks - 1}::int) AS g(w)
      LEFT JOIN wk ON wk."userId" = p."userId" AND wk.w = g.w
    ),
    weeks AS (
      SELECT "userId", array_agg(total ORDER BY w) AS weeks,
        bool_and(older IS NULL OR total > older) AND MAX(total) FILTER (WHERE w = 0) >= ${T.risingMinUsd} AS rising
      FROM (SELECT "userId", w, total, LEAD(total) OVER (PARTITION BY "userId" ORDER BY w) AS older FROM grid) x
      GROUP BY "userId"
    ),
    top_ups AS (
      SELECT "userId", MAX(n)::int AS most FROM (
        SELECT "userId", COUNT(*) AS n FROM "Payment"
        WHERE "createdAt" > ${new Date(nowMs - T.topUpWindowDays * DAY_MS)}
          AND (${onlyUserId}::text IS NULL OR "userId" = ${onlyUserId}::text)
        GROUP BY "userId", date_trunc('day', "createdAt")
      ) t GROUP BY "userId"
    ),
    flagged AS (
      SELECT "userId" FROM limit_days WHERE days >= ${T.limitDays}
      UNION SELECT "userId" FROM weeks WHERE rising
      UNION SELECT "userId" FROM top_ups WHERE most >= ${T.topUpsPerDay}
    )
    SELECT f."userId", l.days AS "limitDays", w.weeks, w.rising, t.most AS "topUps",
      u."email", u."firstName", u."lastName", u."closedAt" IS NOT NULL AS "closed",
      (u."selfExcludedUntil" IS NOT NULL AND (u."selfExclusionEndsAt" IS NULL OR u."selfExclusionEndsAt" > ${now})) AS "selfExcluded"
    FROM flagged f JOIN "User" u ON u."id" = f."userId"
    LEFT JOIN limit_days l ON l."userId" = f."userId"
    LEFT JOIN weeks w ON w."userId" = f."userId"
    LEFT JOIN top_ups t ON t."userId" = f."userId"
    WHERE u."role" = 'user'
    ORDER BY (COALESCE(l.days >= ${T.limitDays}, false)::int + COALESCE(w.rising, false)::int
      + COALESCE(t.most >= ${T.topUpsPerDay}, false)::int) DESC, u."email"
    LIMIT ${RISK_LIST_LIMIT}`;
  return rows.map((r) => ({
    userId: r.userId,
    email: r.email,
    name: `${r.firstName} ${r.lastName}`.trim(),
    markers: [
      ...((r.limitDays ?? 0) >= T.limitDays ? (["limits_hit"] as const) : []),
      ...(r.rising ? (["rising_spend"] as const) : []),
      ...((r.topUps ?? 0) >= T.topUpsPerDay ? (["many_top_ups"] as const) : []),
    ],
    limitDays: r.limitDays ?? 0,
    weeklySpend: (r.weeks ?? []).map((w) => moneyString(new Prisma.Decimal(w))),
    topUpsInADay: r.topUps ?? 0,
    selfExcluded: r.selfExcluded,
    closed: r.closed,
  }));
}
