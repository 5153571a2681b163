import "./zod-config";
import { z } from "zod";
import { CONTEST_CATEGORIES } from "../constants";

export const contestIdSchema = z.object({ id: z.string().trim().min(1, "Contest ID required").max(64) });
export const contestCategorySchema = z.enum(CONTEST_CATEGORIES);
export const contestListInputSchema = z.object({ category: contestCategorySchema.optional() }).optional();
