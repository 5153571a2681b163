/** What an admin sends to set a contest's instant prizes (src/shared/instant-wins.ts). */
import "./zod-config";
import { z } from "zod";
import { INSTANT_PRIZE_KINDS, MAX_INSTANT_AMOUNT, MAX_INSTANT_PRIZES } from "../instant-wins";

const label = z
  .string("Label is required")
  .trim()
  .min(1, "Label is required")
  .max(120, "Label must be at most 120 characters")
  // One line per prize in prizeListText: no line breaks or other control characters.
  .refine((s) => !/\p{Cc}/u.test(s), "Label must not contain control characters");

// A JSON number is taken as its decimal text, like the contest form's money fields (src/shared/schemas/admin.ts).
const amount = z.preprocess(
  (v) => (typeof v === "number" ? String(v) : v),
  z
    .string("Amount must be a number like 25.00")
    .trim()
    .regex(/^\d{1,6}(\.\d{1,2})?$/, "Amount must be a positive number with at most 2 decimals")
    .refine((s) => Number(s) > 0 && Number(s) <= MAX_INSTANT_AMOUNT, `Amount must be above 0 and at most ${MAX_INSTANT_AMOUNT}`),
);

export const instantPrizeInputSchema = z
  .object({
    kind: z.enum(INSTANT_PRIZE_KINDS, "Kind must be cash, credit or physical"),
    label,
    amount: amount.nullable().optional(),
  })
  .refine((p) => p.kind === "physical" || (p.amount !== null && p.amount !== undefined), {
    message: "Cash and credit prizes need an amount",
    path: ["amount"],
  });

/** The admin sets the whole list at once (replacing it); an empty list removes the instant prizes. */
export const setInstantPrizesSchema = z.object({
  contestId: z.string().trim().min(1, "Contest ID required").max(64),
  prizes: z.array(instantPrizeInputSchema).max(MAX_INSTANT_PRIZES, `At most ${MAX_INSTANT_PRIZES} instant prizes`),
});
export type SetInstantPrizesInput = z.infer<typeof setInstantPrizesSchema>;
