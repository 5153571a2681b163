import { z } from "zod";
import { PAGE_PARAMS } from "../paging";
import {
  reviewDecisionOutput,
  reviewRowOutput,
  reviewSettlePayoutOutput,
  reviewTakeBackOutput,
} from "@/shared/schemas/responses";
import type { RestRow } from "../derive";

/** The admin review queue (docs/payments.md "Review queue"). */
export const reviewRoutes: RestRow[] = [
  {
    method: "GET",
    path: "/api/admin/review",
    doc: {
      output: z.array(reviewRowOutput),
      summary:
        "Review queue: open entries oldest first, or ?status=all every entry newest first (a page: ?limit, default 50, ?cursor = the last id seen)",
      access: "admin",
      procedure: "review.list",
      query: ["status", ...PAGE_PARAMS],
    },
  },
  {
    method: "POST",
    path: "/api/admin/review/:id/credit",
    doc: {
      errors: { 409: "The entry is resolved already, or cannot be resolved this way" },
      output: reviewDecisionOutput,
      summary: "Credit a late payment's received value (once, with a reason)",
      access: "admin",
      procedure: "review.credit",
      body: "rest",
    },
  },
  {
    method: "POST",
    path: "/api/admin/review/:id/take-back",
    doc: {
      errors: { 409: "The entry is resolved already, or cannot be resolved this way" },
      output: reviewTakeBackOutput,
      summary: "Take back a refunded credit (never below a zero balance; the rest is recorded as a claim)",
      access: "admin",
      procedure: "review.takeBack",
      body: "rest",
    },
  },
  {
    method: "POST",
    path: "/api/admin/review/:id/settle-payout",
    doc: {
      errors: { 409: "The entry is resolved already, or cannot be resolved this way" },
      output: reviewSettlePayoutOutput,
      summary: "Settle a payout whose outcome is unknown: paid (txid) or failed (the hold comes back)",
      access: "admin",
      procedure: "review.settlePayout",
      body: "rest",
    },
  },
  {
    method: "POST",
    path: "/api/admin/review/:id/dismiss",
    doc: {
      errors: { 409: "The entry is resolved already, or cannot be resolved this way" },
      output: reviewDecisionOutput,
      summary: "Close a review entry without booking anything (with a reason)",
      access: "admin",
      procedure: "review.dismiss",
      body: "rest",
    },
  },
];
