/**
 * The one list of privileged admin actions (docs/security.md). With ADMIN_2FA_REQUIRED=true the
 * procedure builder (`adminProcedure`, src/server/api/trpc.ts) lets these run only for a session that
 * passed the TOTP check; no router opts in or out by itself. An admin mutation in neither list is
 * treated as privileged (fail closed), and tests/integration/two-factor.test.ts enumerates the
 * router so none can stay unclassified.
 *
 * Keys are tRPC procedure paths; values say why the action is privileged and which audit rows
 * (src/server/services/kernel/audit.ts) it writes, in the action's own transaction.
 */
import type { AuditAction } from "@/shared/constants";
import { getEnv } from "../platform/env";

export const PRIVILEGED_ADMIN_ACTIONS = {
  "payments.approve": {
    why: "credits a player's balance (override credits money no gateway confirmed)",
    audit: ["payment.approve", "payment.override"],
  },
  "payments.reject": { why: "settles a top-up for good", audit: ["payment.reject"] },
  "withdrawals.approve": { why: "sends money out of the platform", audit: ["withdrawal.approve"] },
  "withdrawals.reject": { why: "decides a payout", audit: ["withdrawal.reject"] },
  "admin.createContest": { why: "sets a contest's terms: prize, cash alternative, price, tickets", audit: ["contest.create"] },
  "admin.updateContest": { why: "changes a contest's terms", audit: ["contest.update"] },
  "admin.setContestStatus": { why: "ends or cancels a contest (draws, refunds)", audit: ["contest.status"] },
  "admin.recordFreeEntry": { why: "gives tickets without payment", audit: ["contest.free_entry"] },
  "instantWins.set": {
    why: "sets the instant prizes players can win and commits their map",
    audit: ["contest.instant_prizes"],
  },
  "admin.toggleAdmin": { why: "grants or revokes admin rights", audit: ["user.role"] },
  "prizes.setStatus": { why: "marks a prize shipped or delivered", audit: ["prize.status"] },
  "complaints.adminAnswer": {
    why: "gives the operator's final answer to a complaint (it starts the escalation route)",
    audit: ["complaint.answer"],
  },
  "wheel.setEconomics": { why: "changes the wheel's odds, prices and paid spins", audit: ["wheel.economics"] },
  "admin.createWinnerPost": { why: "publishes who won", audit: ["winner_post.create"] },
  "admin.updateWinnerPost": { why: "changes what the winners page says", audit: ["winner_post.update"] },
  "admin.deleteWinnerPost": { why: "removes a published winner", audit: ["winner_post.delete"] },
  "admin.outbox": { why: "reads every player's e-mail", audit: ["outbox.read"] },
  "review.credit": { why: "credits a late payment's received value", audit: ["review.credit"] },
  "review.takeBack": { why: "debits a refunded credit from a player", audit: ["review.take_back"] },
  "review.settlePayout": {
    why: "settles a payout whose outcome was unknown (paid, or the hold comes back)",
    audit: ["review.settle_payout"],
  },
  "review.dismiss": { why: "closes a money review without booking anything", audit: ["review.dismiss"] },
  "pricing.createPromoCode": { why: "lets players pay less: a new discount on tickets", audit: ["promo.create"] },
  "pricing.setPromoCodeStatus": { why: "turns a discount on or off", audit: ["promo.status"] },
  "pricing.setBundleTiers": { why: "changes what a contest's tickets cost in bundles", audit: ["contest.bundle_tiers"] },
  "proofs.takeSnapshot": {
    why: "publishes what the operator owes every player (a public, permanent record)",
    audit: ["liabilities.snapshot"],
  },
  "receipts.rotateKey": { why: "changes the key every new receipt is signed with", audit: ["receipt_key.rotate"] },
} as const satisfies Record<string, { why: string; audit: readonly AuditAction[] }>;

/** Admin mutations that a session without its second factor may call, and why that is safe. */
export const SECOND_FACTOR_EXEMPT = {
  "auth.twoFactorSetup": "how an admin gets a second factor at all; only starts a pending key",
  "auth.twoFactorEnable": "confirms enrolment with a code of the new key (and the current one when re-enrolling)",
  "auth.twoFactorDisable": "needs the current code or a backup code itself",
  "support.adminReply": "a message to one player; moves no money and changes no terms",
  "support.markConversationRead": "a read marker",
  "complaints.adminReply": "a message to one player about their complaint, like a support reply; audited (complaint.reply)",
} as const satisfies Record<string, string>;

/**
 * Admin reads served as raw REST rows (not tRPC procedures, so the builder above never sees them)
 * that hand out every player's data in one answer. Same rule: the second factor when
 * ADMIN_2FA_REQUIRED, and an audit row per download. Keys are "METHOD path" of the REST row
 * (src/server/rest/routes/exports.ts asks `secondFactorMissing` for each).
 */
export const PRIVILEGED_ADMIN_READS = {
  "GET /api/admin/export/payments.csv": { why: "every player's top-ups in one file", audit: ["export.read"] },
  "GET /api/admin/export/withdrawals.csv": { why: "every player's payout addresses and amounts", audit: ["export.read"] },
  "GET /api/admin/export/audit.csv": { why: "the whole audit log, with players' e-mail addresses", audit: ["export.read"] },
  "GET /api/admin/contests/:contestId/entries.csv": {
    why: "the names and e-mails of a contest's players",
    audit: ["export.read"],
  },
} as const satisfies Record<string, { why: string; audit: readonly AuditAction[] }>;

/**
 * The one second-factor rule, for procedures (src/server/api/trpc.ts) and privileged REST reads:
 * with ADMIN_2FA_REQUIRED=true a session must have passed the TOTP check.
 */
export function secondFactorMissing(session: { twoFactorVerifiedAt: Date | null }): boolean {
  return getEnv().ADMIN_2FA_REQUIRED && !session.twoFactorVerifiedAt;
}

/**
 * Whether the admin procedure at `path` needs a verified second factor (when ADMIN_2FA_REQUIRED):
 * every listed action, and every other mutation not exempted by name.
 */
export function needsSecondFactor(path: string, type: string): boolean {
  if (Object.hasOwn(PRIVILEGED_ADMIN_ACTIONS, path)) return true;
  return type === "mutation" && !Object.hasOwn(SECOND_FACTOR_EXEMPT, path);
}
