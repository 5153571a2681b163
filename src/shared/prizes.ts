/** Prize claims: statuses, the claim form and the admin status change (docs/payments.md "Prize claims"). */
import { z } from "zod";
import "./schemas/zod-config";

export const PRIZE_STATUSES = [
  "unclaimed",
  "cash_credited",
  "prize_requested",
  "shipped",
  "delivered",
  "received",
  "disputed",
] as const;
export type PrizeStatusName = (typeof PRIZE_STATUSES)[number];
export const PRIZE_STATUS_LABELS: Record<PrizeStatusName, string> = {
  unclaimed: "Waiting for your choice",
  cash_credited: "Cash credited",
  prize_requested: "Prize requested",
  shipped: "Shipped",
  delivered: "Delivered",
  received: "Receipt confirmed",
  disputed: "Disputed",
};
/** Days a winner has to choose between the prize and its cash alternative. */
export const PRIZE_CLAIM_DAYS = 30;

const field = (label: string, max: number) =>
  z.string(`${label} is required`).trim().min(1, `${label} is required`).max(max, `${label} must be at most ${max} characters`);

export const deliverySchema = z.object({
  fullName: field("Full name", 100),
  addressLine1: field("Address line 1", 200),
  addressLine2: z.string().trim().max(200, "Address line 2 must be at most 200 characters").optional(),
  city: field("City", 100),
  postcode: field("Postcode", 20),
  country: field("Country", 100),
  phone: z
    .string("Phone is required")
    .trim()
    .min(1, "Phone is required")
    .regex(/^\+?[0-9 ()-]{6,20}$/, "Phone must be 6-20 digits, spaces, dashes or brackets, optionally starting with +"),
});
export type DeliveryInput = z.infer<typeof deliverySchema>;

export const claimPrizeSchema = z.discriminatedUnion(
  "choice",
  [
    z.object({ id: z.string().trim().min(1).max(100), choice: z.literal("cash") }),
    z.object({ id: z.string().trim().min(1).max(100), choice: z.literal("prize"), delivery: deliverySchema }),
  ],
  { error: 'Choice must be "cash" or "prize"' },
);
export type ClaimPrizeInput = z.infer<typeof claimPrizeSchema>;

const trackingField = (label: string) =>
  z
    .string(`${label} is required when marking shipped`)
    .trim()
    .min(1, `${label} is required when marking shipped`)
    .max(60, `${label} must be at most 60 characters`);

/** shipped needs the carrier and its tracking reference (the public trail shows them); delivered needs nothing. */
export const prizeStatusSchema = z.discriminatedUnion(
  "status",
  [
    z.object({
      id: z.string().trim().min(1).max(100),
      status: z.literal("shipped"),
      carrier: trackingField("Carrier"),
      trackingRef: trackingField("Tracking reference"),
      note: z.string().trim().max(500, "Note must be at most 500 characters").optional(),
    }),
    z.object({
      id: z.string().trim().min(1).max(100),
      status: z.literal("delivered"),
      note: z.string().trim().max(500, "Note must be at most 500 characters").optional(),
    }),
  ],
  { error: 'Status must be "shipped" or "delivered"' },
);
export type PrizeStatusInput = z.infer<typeof prizeStatusSchema>;
