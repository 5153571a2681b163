import { cashbackOverviewOutput, referralOverviewOutput } from "@/shared/schemas/retention-responses";
import type { RestRow } from "../derive";

/** Referral and cashback, paid as spend-only credit (docs/retention.md). */
export const retentionRoutes: RestRow[] = [
  {
    method: "GET",
    path: "/api/user/referral",
    doc: {
      output: referralOverviewOutput,
      summary:
        "The player's referral code and link, its terms, and the players they referred (first-name initial, status, credit)",
      access: "user",
      procedure: "retention.referral",
    },
  },
  {
    method: "GET",
    path: "/api/user/cashback",
    doc: {
      output: cashbackOverviewOutput,
      summary: "The player's weekly cashback: net cash spend, credit, status and expiry of each period, newest first",
      access: "user",
      procedure: "retention.cashback",
    },
  },
];
