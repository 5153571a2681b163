/**
 * The rules an instant payout must pass (docs/payments.md "Instant payouts"), by name, with the words
 * the withdrawal screen and the admin queue show. The decision itself is the server's
 * (src/server/services/money/withdrawals/payout-rules.ts); the browser only shows it.
 */
export const PAYOUT_RULES = [
  "amount",
  "daily_count",
  "daily_sum",
  "account_age",
  "standing",
  "open_review",
  "shared_address",
  "unplayed_deposit",
  "payout_wallet",
  "email_verified",
  "solvency",
  "identity",
] as const;
export type PayoutRule = (typeof PAYOUT_RULES)[number];

export const PAYOUT_RULE_LABELS: Record<PayoutRule, string> = {
  amount: "Instant limit",
  daily_count: "Withdrawals in 24 hours",
  daily_sum: "Amount in 24 hours",
  account_age: "Account age",
  standing: "Account standing",
  open_review: "Open reviews and complaints",
  shared_address: "Wallet address",
  unplayed_deposit: "Money in and straight out",
  payout_wallet: "Payout wallet",
  email_verified: "Verified e-mail",
  solvency: "Assets against what is owed",
  identity: "Identity",
};

/** instant: paid without a person; review: an admin decides; identity: held until the player is verified, then paid. */
export type PayoutRoute = "instant" | "review" | "identity";

export type PayoutRuleCheck = { rule: PayoutRule; ok: boolean; label: string; message: string };

/** Identity tiers (docs/payments.md "Identity"): 0 a verified e-mail, 1 declared details, 2 an identity check. */
export type IdentityTier = 0 | 1 | 2;

export type WithdrawalQuote = {
  route: PayoutRoute;
  /** Whether the cash balance covers the amount at all (site credit never does). */
  enoughCash: boolean;
  cashBalance: string;
  summary: string;
  checks: PayoutRuleCheck[];
  failed: PayoutRule[];
  identity: { required: IdentityTier; verified: IdentityTier; asks: string[] };
};
