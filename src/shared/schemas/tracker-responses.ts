/**
 * What the prize-delivery tracker's and the complaints' REST rows answer (docs/fair-play.md "Prize
 * delivery" and "Complaints"); re-exported by ./responses.ts, where every row's answer schema is
 * found. Times are ISO 8601 strings.
 */
import { z } from "zod";
import { nameAnswers } from "./response-primitives";
import { COMPLAINT_CATEGORIES, COMPLAINT_STATUSES } from "../complaints";
import { TRAIL_KINDS } from "../fulfilment";
import { PRIZE_STATUSES } from "../prizes";

const time = z.string().describe("ISO 8601 date-time");
const id = z.string();
const message = z.string();
const userRef = z.object({ id, email: z.string(), firstName: z.string().nullable(), lastName: z.string().nullable() });

/** One step of a prize's delivery trail (src/server/services/prizes/trail.ts). */
export const trailStepOutput = z.object({
  kind: z.enum(TRAIL_KINDS),
  at: time,
  carrier: z.string().nullable(),
  trackingRef: z.string().nullable(),
  transactionId: z.string().nullable(),
  complaintRef: z.string().nullable(),
});
/** The public trail: a masked winner name and no address (tracking reference masked, no complaint reference). */
export const publicPrizeTrailOutput = z.object({
  contestId: id,
  contestTitle: z.string(),
  winner: z.string(),
  status: z.enum(PRIZE_STATUSES),
  trail: z.array(trailStepOutput),
});
export const overdueFulfilmentsOutput = z.object({
  targetDays: z.number().int(),
  prizes: z.array(
    z.object({
      id,
      contestTitle: z.string(),
      status: z.enum(PRIZE_STATUSES),
      requestedAt: time,
      targetAt: time,
      daysOverdue: z.number().int(),
      user: z.object({ id, email: z.string() }),
    }),
  ),
});
export const disputeOutput = z.object({ message, reference: z.string() });

/** A complaint and its steps (src/server/services/prizes/complaints.ts ComplaintView). */
export const complaintOutput = z.object({
  reference: z.string().describe("C-<year>-<number>, e.g. C-2026-000123"),
  category: z.enum(COMPLAINT_CATEGORIES),
  itemId: z.string().nullable(),
  subject: z.string(),
  body: z.string(),
  status: z.enum(COMPLAINT_STATUSES),
  dueAt: time,
  answeredAt: time.nullable(),
  createdAt: time,
  overdue: z.boolean(),
  messages: z.array(
    z.object({ id, kind: z.enum(["note", "reply", "final"]), fromStaff: z.boolean(), body: z.string(), createdAt: time }),
  ),
  /** Once answered: the independent body the player may take the complaint to, free of charge. */
  escalation: z.object({ name: z.string(), url: z.string() }).nullable(),
});
export const adminComplaintOutput = complaintOutput.extend({ user: userRef });
export const complaintPolicyOutput = z.object({ name: z.string(), url: z.string(), dueWorkingDays: z.number().int() });

nameAnswers({
  TrailStep: trailStepOutput,
  PrizeTrail: publicPrizeTrailOutput,
  OverdueFulfilments: overdueFulfilmentsOutput,
  Complaint: complaintOutput,
  AdminComplaint: adminComplaintOutput,
  ComplaintPolicy: complaintPolicyOutput,
});
