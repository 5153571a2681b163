import "./zod-config";
import { z } from "zod";
import { pageFields } from "./paging";
import { CONTEST_CATEGORIES } from "../constants";

export const contestIdSchema = z.object({ id: z.string().trim().min(1, "Contest ID required").max(64) });
export const contestCategorySchema = z.enum(CONTEST_CATEGORIES);
/**
 * Active contests, newest first: all of them (what the spec documents), or with `limit` a keyset
 * page after the contest whose id is `cursor` (the signed-in home's first screen and "Show more").
 */
export const contestListInputSchema = z.object({ category: contestCategorySchema.optional(), ...pageFields }).optional();

/** The draw record's entry page: after first ticket `cursor`, or from the entry holding `ticket` ("find my tickets"). */
export const drawRecordInputSchema = contestIdSchema.extend({
  cursor: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
  limit: z.coerce.number().int().min(1).max(1000).optional(),
  ticket: z.coerce.number().int().min(1, "Ticket numbers start at 1").max(2_147_483_647).optional(),
});

/** GET /api/contests/{id}/draw/proof?entry=… (the caller's own entry). */
export const drawProofInputSchema = contestIdSchema.extend({
  entry: z.string().trim().min(1, "Say which entry: ?entry=<entry id>").max(64, "Entry ids are at most 64 characters"),
});
