/** What the referral and cashback rows answer (docs/retention.md); re-exported by ./responses.ts. */
import { z } from "zod";
import { CASHBACK_STATUSES, REFERRAL_STATUSES } from "../retention";
import { money, time } from "./response-primitives";

/** GET /api/user/referral: the player's code and link, the settings, and the players they referred. */
export const referralOverviewOutput = z.object({
  code: z.string(),
  link: z.string(),
  qualifyingUsd: money,
  windowDays: z.number().int(),
  referrerCredit: money,
  referredCredit: money,
  /** Credit this player earned from referrals (as referrer and as the referred player). */
  earned: money,
  /** How this player was referred, if they were. */
  referredBy: z.object({ status: z.enum(REFERRAL_STATUSES), reason: z.string().nullable(), credit: money.nullable() }).nullable(),
  referrals: z.array(
    z.object({
      /** The referred player's first-name initial only. */
      initial: z.string(),
      status: z.enum(REFERRAL_STATUSES),
      reason: z.string().nullable(),
      credit: money.nullable(),
      joinedAt: time,
      settledAt: time.nullable(),
    }),
  ),
});

/** GET /api/user/cashback: the settings and the player's weekly periods, newest first. */
export const cashbackOverviewOutput = z.object({
  percent: z.string(),
  minimum: money,
  expiryDays: z.number().int(),
  periods: z.array(
    z.object({
      period: z.string(),
      periodStart: time,
      spend: money,
      credit: money,
      status: z.enum(CASHBACK_STATUSES),
      reason: z.string().nullable(),
      expiresAt: time.nullable(),
      /** What is left unspent of this credit (0 once spent or expired). */
      remaining: money,
    }),
  ),
});
