/**
 * Admin forms and inputs (docs/product.md §5), shared by the dashboard forms and the server.
 * Numbers arrive as JSON numbers (the documented REST payload), strings (forms) or "" (empty field).
 */
import { FOUR_EYES_ACTIONS, STAFF_ROLES } from "../staff";
import "./zod-config";
import { z } from "zod";
import { pageFields } from "./paging";
import { CONTEST_CATEGORIES } from "../constants";
import { isPositive, parseMoney } from "../money";
import { skillQuestionSchema } from "../fair-play";

const blankToUndefined = (v: unknown) => (v === "" || v === null || v === undefined ? undefined : v);
const blankToNull = (v: unknown) => (v === "" || v === undefined ? null : v);

/** An absolute http(s) URL. */
export function isHttpUrl(value: string): boolean {
  try {
    const u = new URL(value);
    return u.protocol === "http:" || u.protocol === "https:";
  } catch {
    return false;
  }
}

/** An absolute http(s) URL or a site path ("/images/x.svg", as the demo data uses). */
export function isImageUrl(value: string): boolean {
  return (value.startsWith("/") && !value.startsWith("//")) || isHttpUrl(value);
}

/** Money typed by an admin: positive, at most 3 decimals (NUMERIC(14,3)); kept as a string, never a float. */
const money = (required: string, label: string) =>
  z.preprocess(
    (v) => {
      const b = blankToUndefined(v);
      return typeof b === "number" ? String(b) : typeof b === "string" ? b.trim() : b;
    },
    z
      .string(required)
      .regex(/^\d{1,11}(\.\d{1,3})?$/, `${label} must be a number with at most 3 decimals`)
      .refine((s) => {
        const d = parseMoney(s);
        return d === null || isPositive(d);
      }, `${label} must be greater than 0`),
  );

const optionalMoney = (label: string) =>
  z.preprocess(
    (v) => {
      const b = blankToNull(v);
      return typeof b === "number" ? String(b) : typeof b === "string" ? b.trim() : b;
    },
    z
      .string()
      .regex(/^\d{1,11}(\.\d{1,3})?$/, `${label} must be a number with at most 3 decimals`)
      .nullable(),
  );

/** Largest value of a PostgreSQL `integer` column: every whole-number input must fit its column. */
export const MAX_INT4 = 2_147_483_647;

const optionalInt = (label: string, min: number, max = MAX_INT4) =>
  z.preprocess((v) => {
    const b = blankToNull(v);
    return typeof b === "string" ? Number(b) : b;
  }, z
    .number()
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`)
    .nullable());

const optionalText = (max: number) =>
  z.preprocess((v) => (typeof v === "string" ? v.trim() || null : (v ?? null)), z.string().max(max).nullable());

/** Lines typed in a textarea ("one per line") or a list: trimmed, blanks dropped. */
const lines = (max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.split("\n") : (v ?? [])),
    z.array(z.string()).transform((list) =>
      list
        .map((s) => s.trim())
        .filter(Boolean)
        .slice(0, max),
    ),
  );

/** "key: value" lines or an object → a key/value map. */
const specifications = z.preprocess(
  (v) => {
    if (typeof v !== "string") return v ?? {};
    const out: Record<string, string> = {};
    for (const line of v.split("\n")) {
      const i = line.indexOf(":");
      if (i <= 0) continue;
      const key = line.slice(0, i).trim();
      const value = line.slice(i + 1).trim();
      if (key && value) out[key] = value;
    }
    return out;
  },
  z.record(z.string(), z.string()),
);

const optionalDate = z.preprocess((v) => {
  const b = blankToNull(v);
  return typeof b === "string" ? new Date(b) : b;
}, z.date("End date must be a valid date").nullable());

/**
 * The contest form (Create New Contest / Edit). docs/product.md §5 messages; every category is
 * allowed (the spec's admin list omits cars, but cars are the main product).
 */
export const contestFormSchema = z
  .object({
    title: z.string("Title is required").trim().min(1, "Title is required").max(200),
    description: z.string("Description is required").trim().min(1, "Description is required").max(2000),
    detailedDescription: optionalText(10000).optional(),
    ticketPrice: money("Ticket price is required", "Ticket price"),
    originalPrice: optionalMoney("Original price").optional(),
    discountPercentage: optionalInt("Discount", 0, 100).optional(),
    cashAlternative: optionalMoney("Cash alternative").optional(),
    maxTickets: optionalInt("Max tickets", 1).optional(),
    /** At most this many tickets per player (null: no limit; absent: none on create, unchanged on edit). */
    maxTicketsPerUser: optionalInt("Max tickets per player", 1).optional(),
    category: z.enum(CONTEST_CATEGORIES, "Please select a category"),
    imageUrl: z
      .string()
      .trim()
      .max(2000)
      .refine((s) => s === "" || isImageUrl(s), "Please enter a valid image URL")
      .optional()
      .default(""),
    endDate: optionalDate.optional(),
    features: lines(50).optional(),
    specifications: specifications.optional(),
    /** Optional skill question; null removes it, absent keeps the current one (on edit). */
    skillQuestion: skillQuestionSchema.nullable().optional(),
    /** Pick your numbers (needs maxTickets; set before the first sale) and the online free entry route; absent keeps. */
    pickNumbers: z.boolean("pickNumbers must be true or false").optional(),
    onlineFreeEntry: z.boolean("onlineFreeEntry must be true or false").optional(),
    // The documented payload sends these; new contests are always active with 0 sold.
    status: z.literal("active").optional(),
    soldTickets: z.literal(0).optional(),
  })
  .strip();
export const END_DATE_PAST_MESSAGE = "End date must be in the future";

/**
 * A contest cannot be given an end date that has passed (it would be drawn at once). An edit may
 * keep the date it already has (an ended contest's old date); only a new date must lie ahead.
 */
export function endDateError(
  endDate: Date | string | null | undefined,
  previous: Date | string | null | undefined = null,
  now: number = Date.now(),
): string | null {
  if (endDate == null || endDate === "") return null;
  const t = new Date(endDate).getTime();
  if (Number.isNaN(t)) return null; // the schema's own message covers an invalid date
  if (previous != null && previous !== "" && new Date(previous).getTime() === t) return null;
  return t <= now ? END_DATE_PAST_MESSAGE : null;
}
export type ContestFormValues = z.output<typeof contestFormSchema>;

export const contestUpdateSchema = z.object({ id: z.string().min(1).max(64), data: contestFormSchema });

/** A contest the admin acts on by id (an announcement). */
export const contestIdSchema = z.object({ contestId: z.string().min(1).max(64) });

export const contestStatusSchema = z.object({
  contestId: z.string().min(1).max(64),
  status: z.enum(["active", "ended", "cancelled"], "Status must be active, ended or cancelled"),
});

export const proposalIdSchema = z.object({ id: z.string().min(1).max(64) });

export const toggleAdminSchema = z.object({
  userId: z.string().min(1).max(64),
  isAdmin: z.boolean("isAdmin must be true or false"),
  /** Which staff role to grant (docs/admin.md "Roles"); without it "Make Admin" grants `owner`. Ignored when removing. */
  role: z.enum(STAFF_ROLES, `role must be one of ${STAFF_ROLES.join(", ")}`).optional(),
});

/**
 * "Waiting for a second approver" (docs/admin.md "Four eyes"): a keyset page oldest first (`cursor` =
 * the last proposal id seen), optionally of some actions only, comma-separated
 * (`action=review.credit,review.takeBack`): each tab's queue asks for its own, so a page is never
 * filled with another tab's proposals.
 */
export const waitingApprovalsQuerySchema = z
  .object({
    action: z
      .string()
      .trim()
      .max(200)
      .transform((v) => v.split(",").map((a) => a.trim()))
      .pipe(
        z
          .array(z.enum(FOUR_EYES_ACTIONS, `action must be one or more of ${FOUR_EYES_ACTIONS.join(", ")}, comma-separated`))
          .min(1)
          .max(FOUR_EYES_ACTIONS.length),
      )
      .optional(),
    ...pageFields,
  })
  .optional();

export const userSearchSchema = z.object({ search: z.string().trim().max(200).optional(), ...pageFields }).optional();

/** The admin contest list: a status filter and a title search, a keyset page (docs/admin.md). */
export const adminContestsQuerySchema = z
  .object({
    status: z.enum(["active", "ended", "cancelled"]).optional(),
    search: z.string().trim().max(200).optional(),
    ...pageFields,
  })
  .optional();

/** Winner post form (docs/product.md §5); socialMediaLinks: a list, or the textarea's lines. */
export const winnerPostSchema = z.object({
  title: z.string("Title must be at least 3 characters").trim().min(3, "Title must be at least 3 characters").max(200),
  description: z
    .string("Description must be at least 10 characters")
    .trim()
    .min(10, "Description must be at least 10 characters")
    .max(5000),
  winnerName: z.string("Winner name is required").trim().min(2, "Winner name is required").max(200),
  winnerId: z.string("Winner ID is required").trim().min(1, "Winner ID is required").max(64),
  contestId: z.string("Contest ID is required").trim().min(1, "Contest ID is required").max(64),
  contestTitle: z.string("Contest title is required").trim().min(3, "Contest title is required").max(200),
  imageUrl: z.preprocess(
    (v) => (v == null ? "" : v),
    z
      .string()
      .trim()
      .max(2000)
      .refine((s) => s === "" || isImageUrl(s), "Please enter a valid image URL"),
  ),
  winAmount: optionalText(200).optional(),
  winDate: z.preprocess((v) => {
    if (v === "" || v == null) return undefined;
    return typeof v === "string" ? new Date(v) : v;
  }, z.date("Win date is required")),
  isPublished: z.boolean().optional().default(true),
  socialMediaLinks: lines(20)
    .pipe(z.array(z.string().refine(isHttpUrl, "Social media links must be valid URLs")))
    .optional()
    .default([]),
});

export const winnerPostUpdateSchema = z.object({ id: z.string().min(1).max(64), data: winnerPostSchema });
export const idSchema = z.object({ id: z.string().min(1).max(64) });
