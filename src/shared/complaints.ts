/**
 * Complaints with a reference (docs/fair-play.md "Complaints"): categories, the reference format,
 * the due date in working days, and the bounded inputs both the forms and the server check.
 */
import { z } from "zod";
import "./schemas/zod-config";
import { pageFields } from "./schemas/paging";

export const COMPLAINT_CATEGORIES = ["purchase", "draw", "prize", "payment", "withdrawal"] as const;
export type ComplaintCategoryName = (typeof COMPLAINT_CATEGORIES)[number];
export const COMPLAINT_CATEGORY_LABELS: Record<ComplaintCategoryName, string> = {
  purchase: "A purchase",
  draw: "A draw",
  prize: "A prize",
  payment: "A payment (top-up)",
  withdrawal: "A withdrawal",
};
export const COMPLAINT_STATUSES = ["acknowledged", "answered"] as const;
export const COMPLAINT_STATUS_LABELS: Record<(typeof COMPLAINT_STATUSES)[number], string> = {
  acknowledged: "Acknowledged",
  answered: "Final answer given",
};

export const COMPLAINT_LIMITS = { subjectMax: 120, bodyMax: 4000, messageMax: 4000 } as const;

export const COMPLAINT_MESSAGES = {
  categoryMissing: "Please choose what the complaint is about",
} as const;

/** C-2026-000123: the year it was filed and its number, six digits or more. */
export function complaintReference(number: number, filedAt: Date): string {
  return `C-${filedAt.getUTCFullYear()}-${String(number).padStart(6, "0")}`;
}

const REFERENCE = /^C-(\d{4})-(\d{6,9})$/;

/** The number and year inside a reference, or null when it is not one (case-insensitive, spaces trimmed). */
export function parseComplaintReference(ref: string): { year: number; number: number } | null {
  const m = REFERENCE.exec(ref.trim().toUpperCase());
  if (!m) return null;
  const number = Number(m[2]);
  return number > 0 && number <= 2_147_483_647 ? { year: Number(m[1]), number } : null;
}

/** `days` working days after `from` (Saturdays and Sundays skipped, UTC), at the same time of day. */
export function addWorkingDays(from: Date, days: number): Date {
  const d = new Date(from.getTime());
  let left = days;
  while (left > 0) {
    d.setUTCDate(d.getUTCDate() + 1);
    const wd = d.getUTCDay();
    if (wd !== 0 && wd !== 6) left -= 1;
  }
  return d;
}

const text = (label: string, max: number) =>
  z.string(`${label} is required`).trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);

export const complaintReferenceSchema = z
  .string("Reference is required")
  .trim()
  .max(20, "Reference must look like C-2026-000123")
  .refine((v) => parseComplaintReference(v) !== null, "Reference must look like C-2026-000123");

export const fileComplaintSchema = z.object({
  // A missing category asks for one in the form's words; a wrong value names the allowed ones (REST).
  category: z.enum(COMPLAINT_CATEGORIES, {
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === ""
        ? COMPLAINT_MESSAGES.categoryMissing
        : `Category must be one of ${COMPLAINT_CATEGORIES.join(", ")}`,
  }),
  itemId: z.string().trim().max(100, "Item id must be at most 100 characters").optional(),
  subject: text("Subject", COMPLAINT_LIMITS.subjectMax),
  body: text("Description", COMPLAINT_LIMITS.bodyMax),
});
export type FileComplaintInput = z.infer<typeof fileComplaintSchema>;

export const complaintMessageSchema = z.object({
  reference: complaintReferenceSchema,
  body: text("Message", COMPLAINT_LIMITS.messageMax),
});
export type ComplaintMessageInput = z.infer<typeof complaintMessageSchema>;

export const complaintRefInputSchema = z.object({ reference: complaintReferenceSchema });

/**
 * The admin complaints list: the open ones by due date (the queue), or with `status: "all"` every
 * complaint newest first; a keyset page of either (`limit`, `cursor` = the last reference seen).
 */
export const adminComplaintsQuerySchema = z.object({
  status: z.enum(["open", "all"]).default("open"),
  limit: pageFields.limit,
  cursor: complaintReferenceSchema.optional(),
});
export type AdminComplaintsQuery = { status?: "open" | "all"; limit?: number; cursor?: string | null };

/** A dispute of a prize's delivery: what went wrong (it becomes a complaint about that prize). */
export const disputePrizeSchema = z.object({
  id: z.string().trim().min(1).max(100),
  body: text("Description", COMPLAINT_LIMITS.bodyMax),
});
export const prizeIdSchema = z.object({ id: z.string().trim().min(1).max(100) });
