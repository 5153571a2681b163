/** Inputs of the proof-of-liabilities reads (docs/fair-play.md "Proof of liabilities"). */
import "./zod-config";
import { z } from "zod";

const snapshotId = z
  .string("Snapshot id must be text")
  .trim()
  .min(1, "Say which snapshot")
  .max(64, "Snapshot ids are at most 64 characters");

export const liabilitiesListSchema = z
  .object({
    limit: z.coerce
      .number("Limit must be a whole number")
      .int("Limit must be a whole number")
      .min(1, "Limit must be at least 1")
      .max(100, "Limit must be at most 100")
      .optional(),
    before: snapshotId.optional(),
  })
  .optional();

export const snapshotIdSchema = z.object({ id: snapshotId });

export const myLiabilityProofSchema = z.object({ snapshot: snapshotId.optional() }).optional();
