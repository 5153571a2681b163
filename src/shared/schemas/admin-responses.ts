/**
 * What the admin dashboard's audit, statistics, analytics and risk-marker REST rows answer;
 * re-exported by ./responses.ts, where every row's answer schema is found.
 */
import { STAFF_ROLES } from "../staff";
import { z } from "zod";
import { RISK_MARKERS } from "../safer-play";
import { id, money, nameAnswers, time } from "./response-primitives";

export const auditEntryOutput = z.object({
  id,
  createdAt: time,
  actorId: z.string().nullable(),
  actorEmail: z.string(),
  /** The role the action was taken under (null: the system, or a row from before roles). */
  actorRole: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
});
/** The caller's staff role and the admin procedures (and raw REST rows) it may call. */
export const staffAccessOutput = z.object({ role: z.enum(STAFF_ROLES), allowed: z.array(z.string()) });

/** One multi-account or abuse signal (docs/admin.md "Abuse signals"). */
export const abuseSignalOutput = z.object({
  id,
  userId: z.string(),
  email: z.string(),
  kind: z.string(),
  label: z.string(),
  /** What was shared or seen: a device's hash, a wallet address, an address block, a domain, a contest id. */
  key: z.string(),
  linked: z.array(z.object({ id: z.string(), email: z.string() })),
  evidence: z.record(z.string(), z.union([z.string(), z.number()])),
  updatedAt: time,
});

/** A four-eyes proposal (docs/admin.md "Four eyes"). */
export const staffProposalOutput = z.object({
  id,
  /** The procedure it runs once confirmed, e.g. "withdrawals.approve". */
  action: z.string(),
  subjectId: z.string(),
  /** What the queue shows: amount, player, address. */
  summary: z.record(z.string(), z.string()),
  status: z.enum(["waiting", "confirmed", "cancelled"]),
  proposedById: z.string(),
  proposedByEmail: z.string(),
  proposedRole: z.string(),
  createdAt: time,
});
export const auditPageOutput = z.object({ entries: z.array(auditEntryOutput), nextCursor: z.string().nullable() });

export const statsOutput = z.object({
  totalUsers: z.number().int(),
  weeklySignups: z.number().int(),
  /** Sum of all players' balances (what the platform owes). */
  totalBalance: money,
  /** All approved top-ups, ever. */
  totalRevenue: money,
  /** Approved top-ups processed in the last 30 days. */
  monthlyRevenue: money,
  activeContests: z.number().int(),
  totalContests: z.number().int(),
  pendingPayments: z.number().int(),
  /** Number of approved payments. */
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
    /** UTC days in the window on which spending reached the daily limit. */
    limitDays: z.number().int(),
    /** Spending in each rolling week, the latest first. */
    weeklySpend: z.array(money),
    /** Most top-ups asked for on one UTC day in the window. */
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
