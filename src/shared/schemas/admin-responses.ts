/**
 * What the admin dashboard's audit, statistics, analytics and risk-marker REST rows answer;
 * re-exported by ./responses.ts, where every row's answer schema is found.
 */
import { z } from "zod";
import { RISK_MARKERS } from "../safer-play";
import { id, money, nameAnswers, time } from "./response-primitives";

export const auditEntryOutput = z.object({
  id,
  createdAt: time,
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
});
export const auditPageOutput = z.object({ entries: z.array(auditEntryOutput), nextCursor: z.string().nullable() });

export const statsOutput = z.object({
  totalUsers: z.number().int(),
  weeklySignups: z.number().int(),
  totalBalance: money,
  totalRevenue: money,
  monthlyRevenue: money,
  activeContests: z.number().int(),
  totalContests: z.number().int(),
  pendingPayments: z.number().int(),
  totalPayments: z.number().int(),
});
export const analyticsOutput = z.object({
  stats: statsOutput,
  days: z.array(
    z.object({
      date: z.string(),
      revenue: z.number(),
      payments: z.number().int(),
      signups: z.number().int(),
      users: z.number().int(),
    }),
  ),
});

/** GET /api/admin/risk-markers (src/server/services/safer-play/risk-markers.ts). */
export const riskMarkersOutput = z.array(
  z.object({
    userId: id,
    email: z.string(),
    name: z.string(),
    markers: z.array(z.enum(RISK_MARKERS)),
    limitDays: z.number().int(),
    weeklySpend: z.array(money),
    topUpsInADay: z.number().int(),
    selfExcluded: z.boolean(),
    closed: z.boolean(),
  }),
);

nameAnswers({
  AuditEntry: auditEntryOutput,
  AuditPage: auditPageOutput,
  Stats: statsOutput,
  Analytics: analyticsOutput,
  RiskMarker: riskMarkersOutput.element,
});
