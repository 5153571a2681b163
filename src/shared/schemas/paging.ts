import "./zod-config";
import { z } from "zod";
import { LIMITS } from "../constants";

/**
 * A keyset page of a growing list: at most `limit` rows (default LIMITS.listPage), after the row
 * whose id is `cursor` (the last id of the previous page). docs/performance.md "Every list is a page".
 */
export const pageFields = {
  limit: z.coerce.number().int().min(1).max(LIMITS.listPageMax).optional(),
  cursor: z.string().trim().min(1).max(100).optional(),
};
export const pageQuerySchema = z.object(pageFields).optional();
export type PageQuery = { limit?: number; cursor?: string | null };
