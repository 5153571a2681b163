/**
 * The one list of privileged admin procedures (docs/security.md), one entry per procedure. With
 * ADMIN_2FA_REQUIRED=true every admin procedure (action, read, message or live stream) and every
 * admin REST row runs only for a session that passed the TOTP check, unless it is exempted by name
 * with a reason in SECOND_FACTOR_EXEMPT: one rule, applied by `assertAdminAccess` for the procedure
 * builders (`adminProcedure`, `adminStreamProcedure`, src/server/api/trpc.ts) and for the raw REST
 * rows (src/server/rest/handler.ts); no router or row opts in or out by itself. A procedure in
 * neither list is treated as privileged (fail closed), and tests/integration/two-factor.test.ts
 * enumerates the router and the REST table so none can stay unclassified.
 *
 * The rule: every admin read or write that exposes players' personal or money data, or reaches a
 * player, needs the second factor when it is required. Keys are tRPC procedure paths; values say why
 * and which audit rows (src/server/services/kernel/audit.ts) the procedure writes in its own
 * transaction (none for reads; `record` says where a message to a player is kept instead).
 */
import type { AuditAction } from "@/shared/constants";
import { getEnv } from "../platform/env";
import { forbidden, unauthorized } from "../platform/errors";
import { TWO_FACTOR_REQUIRED } from "../services/accounts";

type Privileged = { why: string; audit: readonly AuditAction[]; record?: string };

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
  "admin.grantCredit": { why: "adds site credit to a player's balance", audit: ["credit.grant"] },
  "identity.decide": {
    why: "decides a player's identity check (it releases withdrawals held for it)",
    audit: ["identity.decide"],
  },
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
  // Messages: they reach a player (in the site's voice, in their inbox and by e-mail).
  "support.adminReply": {
    why: "a message that reaches a player in the site's voice",
    audit: [],
    record: "the message itself (SupportMessage, the admin as its sender)",
  },
  "complaints.adminReply": {
    why: "a reply that reaches a player about their complaint, by e-mail too",
    audit: ["complaint.reply"],
  },
  // Reads: each shows players' personal or money data.
  "admin.users": { why: "every player's e-mail, name and balance", audit: [] },
  "admin.overview": { why: "the latest top-ups and sign-ups with players' e-mails, and the platform's money", audit: [] },
  "admin.stats": { why: "the platform's money: revenue, balances held, payouts", audit: [] },
  "admin.analytics": { why: "revenue, top-ups and sign-ups over time", audit: [] },
  "admin.audit": { why: "admins' actions on players' money and accounts, with e-mail addresses", audit: [] },
  "admin.contests": { why: "every contest with its sales, draw state and winner", audit: [] },
  "admin.winnerPosts": { why: "winner posts with unpublished drafts: who won, before it is public", audit: [] },
  "complaints.adminList": { why: "every complaint: the player's e-mail and what they wrote", audit: [] },
  "instantWins.adminList": { why: "instant prizes and who won them", audit: [] },
  "payments.pending": { why: "players' top-ups with their e-mail addresses and amounts", audit: [] },
  "pricing.promoCodes": { why: "every discount code, including ones not given out yet", audit: [] },
  "prizes.adminList": { why: "winners' names, e-mails and delivery addresses", audit: [] },
  "prizes.adminOverdue": { why: "winners waiting for their prize, by name", audit: [] },
  "review.list": { why: "money under review: players' e-mails, amounts and payments", audit: [] },
  "saferPlay.riskMarkers": { why: "players at risk: their spending, limits and self-exclusions", audit: [] },
  "support.conversations": { why: "every player's support conversation", audit: [] },
  "support.conversation": { why: "one player's support messages and account", audit: [] },
  "support.conversationMessages": { why: "one player's support messages", audit: [] },
  "support.onConversations": { why: "live: which players wrote, as they write", audit: [] },
  "support.onConversation": { why: "live: one player's support messages", audit: [] },
  "wheel.economics": { why: "the wheel's takings and payouts", audit: [] },
  "withdrawals.adminList": { why: "players' payout addresses and amounts", audit: [] },
  "identity.adminPending": { why: "players' legal names, dates of birth and addresses", audit: [] },
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
} as const satisfies Record<string, Privileged>;

/**
 * Admin procedures that a session without its second factor may call, and why that is safe: each
 * shows no player's personal or money data and reaches no player.
 */
export const SECOND_FACTOR_EXEMPT = {
  "auth.twoFactorSetup": "how an admin gets a second factor at all; only starts a pending key",
  "auth.twoFactorEnable": "confirms enrolment with a code of the new key (and the current one when re-enrolling)",
  "auth.twoFactorDisable": "needs the current code or a backup code itself",
  "support.markConversationRead": "a read marker: shows nothing and reaches no player",
} as const satisfies Record<string, string>;

/**
 * Admin reads served as raw REST rows (not tRPC procedures, so the builders never see them) that
 * hand out every player's data in one answer. Same rule, applied by the REST adapter
 * (src/server/rest/handler.ts) before the row runs; an audit row per download
 * (src/server/rest/routes/exports.ts). Keys are "METHOD path" of the REST row.
 */
export const PRIVILEGED_ADMIN_READS = {
  "GET /api/admin/export/payments.csv": { why: "every player's top-ups in one file", audit: ["export.read"] },
  "GET /api/admin/export/withdrawals.csv": { why: "every player's payout addresses and amounts", audit: ["export.read"] },
  "GET /api/admin/export/audit.csv": { why: "the whole audit log, with players' e-mail addresses", audit: ["export.read"] },
  "GET /api/admin/contests/:contestId/entries.csv": {
    why: "the names and e-mails of a contest's players",
    audit: ["export.read"],
  },
} as const satisfies Record<string, Privileged>;

/**
 * The one second-factor rule, for procedures (src/server/api/trpc.ts) and privileged REST reads:
 * with ADMIN_2FA_REQUIRED=true a session must have passed the TOTP check.
 */
export function secondFactorMissing(session: { twoFactorVerifiedAt: Date | null }): boolean {
  return getEnv().ADMIN_2FA_REQUIRED && !session.twoFactorVerifiedAt;
}

/**
 * Whether the admin procedure at `key` (a tRPC path, or "METHOD path" of a raw REST row) needs a
 * verified second factor when ADMIN_2FA_REQUIRED: every one not exempted by name.
 */
export function needsSecondFactor(key: string): boolean {
  return !Object.hasOwn(SECOND_FACTOR_EXEMPT, key);
}

/**
 * Admins only, and the second factor where `key` needs it: the one check for every admin procedure
 * and admin REST row. Throws 401 signed out, 403 for a player, 403 TWO_FACTOR_REQUIRED.
 */
export function assertAdminAccess(
  ctx: { user: { role: string } | null; session: { twoFactorVerifiedAt: Date | null } | null },
  key: string,
): void {
  if (!ctx.user || !ctx.session) throw unauthorized();
  if (ctx.user.role !== "admin") throw forbidden("Admin access required");
  if (needsSecondFactor(key) && secondFactorMissing(ctx.session)) throw forbidden(TWO_FACTOR_REQUIRED);
}
