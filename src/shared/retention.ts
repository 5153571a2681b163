/**
 * Referral and cashback (docs/retention.md): the words and shapes the server and the account screen
 * share. Both are paid as spend-only site credit, never as tickets (a bonus ticket would tilt the odds
 * against free entrants: docs/fair-play.md).
 */
import { z } from "zod";

export const REFERRAL_STATUSES = ["pending", "qualified", "refused", "expired"] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

export const CASHBACK_STATUSES = ["credited", "suppressed", "below_minimum"] as const;
export type CashbackStatus = (typeof CASHBACK_STATUSES)[number];

/** A referral code: 8 characters of Crockford base32 (no I, L, O, U), upper case. */
export const REFERRAL_CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
export const referralCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[0-9A-HJKMNP-TV-Z]{8}$/, { error: "A referral code is 8 letters and digits" });

/** The first-party cookie `/r/CODE` sets and sign-up reads (src/app/r/[code]/route.ts). */
export const REFERRAL_COOKIE = "ref";
export const REFERRAL_COOKIE_MAX_AGE_S = 30 * 86_400;

/** Why a referral was refused, or why the referrer's part of a qualified one was nothing. */
export const REFERRAL_REASON_TEXT: Record<string, string> = {
  linked: "The accounts are linked (same device, address or payout address)",
  referred_closed: "The account was closed",
  referred_self_excluded: "The player is taking a break",
  referred_limit_reached: "The player reached a spend limit",
  referrer_closed: "Your account was closed",
  referrer_self_excluded: "You are taking a break",
  referrer_limit_reached: "You reached a spend limit",
  monthly_cap: "This month's referral credit limit was already reached",
  window_passed: "The qualifying window passed",
};

export const REFERRAL_STATUS_TEXT: Record<ReferralStatus, string> = {
  pending: "Waiting for their first purchases",
  qualified: "Credited",
  refused: "Not eligible",
  expired: "Window passed",
};

export const CASHBACK_STATUS_TEXT: Record<CashbackStatus, string> = {
  credited: "Credited",
  suppressed: "Not paid",
  below_minimum: "Below the minimum",
};
