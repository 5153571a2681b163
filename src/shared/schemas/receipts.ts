/** Inputs of signed receipts (docs/fair-play.md "Signed receipts"): the admin's key rotation. */
import "./zod-config";
import { z } from "zod";

export const rotateReceiptKeySchema = z
  .object({
    reason: z.string("Reason must be text").trim().max(500, "Reason must be at most 500 characters").optional(),
  })
  .optional();
