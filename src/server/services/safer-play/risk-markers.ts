/**
 * Players at risk (docs/admin.md "Players at risk"): risk markers computed by one SQL statement
 * over the last weeks of spending and top-ups, so the list costs the same whatever the number of
 * players (the windows are read through the createdAt indexes of LedgerEntry and Payment). The list
 * is a keyset page by player id (`cursor` = the last player id seen): each page reads the same
 * bounded windows, only for the players after the cursor, and stops at `limit` flagged players.
 * Thresholds: RISK_THRESHOLDS in src/shared/safer-play.ts.
 */
import type { z } from "zod";
import type { riskMarkersOutput } from "@/shared/schemas/responses";
import { Prisma } from "@/generated/prisma/client";
import { moneyString } from "@/shared/money";
import { RISK_THRESHOLDS as T, type RiskMarker } from "@/shared/safer-play";
import type { PageQuery } from "@/shared/schemas/paging";
import type { DbTx } from "../../platform/db";
import { cursorRow, pageLimit } from "../kernel";

export type RiskRow = z.output<typeof riskMarkersOutput>[number];

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

/**
 * Players at risk, by player id (a stable key: the markers change as spending does, so an order by
 * them would shift rows between pages); a keyset page (default 50, `cursor` = the last player id).
 */
export async function listRiskMarkers(
  db: DbTx,
  now = new Date(),
  onlyUserId: string | null = null,
  q: PageQuery = {},
): Promise<RiskRow[]> {
  const after = (await cursorRow(q.cursor, (id) => db.user.findUnique({ where: { id }, select: { id: true } })))?.id ?? null;
  const nowMs = now.getTime();
  const spendSince = new Date(nowMs - Math.max(T.limitDaysWindow * DAY_MS, T.risingWeeks * WEEK_MS));
  const rows = await db.$queryRaw<Raw[]>`
    WITH spend AS (
      SELECT "userId", "createdAt", -"amount" AS amt FROM "LedgerEntry"
      WHERE "createdAt" > ${spendSince} AND "kind" IN ('purchase', 'wheel_spin') AND "amount" < 0
        AND (${onlyUserId}::text IS NULL OR "userId" = ${onlyUserId}::text)
        AND (${after}::text IS NULL OR "userId" > ${after}::text)
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
          AND (${after}::text IS NULL OR "userId" > ${after}::text)
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
    ORDER BY f."userId"
    LIMIT ${pageLimit(q)}`;
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
