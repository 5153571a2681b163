/** What an admin may store as the wheel's settings, and what a player sends to spin (src/shared/wheel.ts). */
import "./zod-config";
import { z } from "zod";
import { isPositive, isZero } from "../money";

const amountText = z.string().regex(/^\d{1,6}(\.\d{1,3})?$/, "Amounts are decimal strings with at most 3 decimals");

export const wheelSegmentSchema = z.object({
  label: z.string().trim().min(1).max(20),
  value: z.number(),
  outcome: z.enum(["lose", "retry", "prize"]),
  prize: amountText,
  weight: z.number().int().min(0).max(1_000_000),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/),
});

/** What an admin may store under AppSetting key "wheel". */
export const wheelConfigSchema = z
  .object({
    spinPrice: amountText.refine((v) => isPositive(v), "Spin price must be positive"),
    freeSpinIntervalHours: z
      .number()
      .int()
      .min(1)
      .max(24 * 30),
    segments: z.array(wheelSegmentSchema).min(2).max(24),
  })
  .refine((c) => c.segments.reduce((s, x) => s + x.weight, 0) > 0, "At least one segment needs a weight")
  .refine(
    (c) => c.segments.every((s) => (s.outcome === "prize" ? isPositive(s.prize) : isZero(s.prize))),
    "Only prize segments carry a prize, and each prize is positive",
  );

export const CLIENT_SEED_MESSAGE = "Client seed must be 1 to 64 letters, digits, - or _";
export const clientSeedSchema = z.object({
  clientSeed: z
    .string(CLIENT_SEED_MESSAGE)
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, CLIENT_SEED_MESSAGE),
});
export const spinInputSchema = z.object({ isPaid: z.boolean("isPaid must be true or false") });
