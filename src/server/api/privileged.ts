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
 *
 * The same entries are the role matrix (docs/admin.md "Roles"): `roles` names the staff roles
 * besides `owner` (who may call everything) that may call the procedure. A role not named gets 403
 * before anything is read or written; the dashboard shows only what `auth.staffAccess` lists
 * (`allowedFor`), and tests/integration/staff-roles.test.ts walks every procedure × role.
 */
import type { AuditAction } from "@/shared/constants";
import { isStaffRole, type StaffRole } from "@/shared/staff";
import { getEnv } from "../platform/env";
import { forbidden, unauthorized } from "../platform/errors";
import { TWO_FACTOR_REQUIRED } from "../services/accounts";

type OtherRole = Exclude<StaffRole, "owner">;
type Privileged = { why: string; audit: readonly AuditAction[]; record?: string; roles: readonly OtherRole[] };

/** Owners only: role grants, the wheel's economics, the receipt key. */
const OWNER_ONLY = [] as const;
const FINANCE = ["finance"] as const;
const SUPPORT = ["support"] as const;
const CONTENT = ["content"] as const;
const ALL_STAFF = ["finance", "support", "content", "viewer"] as const;

export const PRIVILEGED_ADMIN_ACTIONS = {
  "payments.approve": {
    why: "credits a player's balance (override credits money no gateway confirmed)",
    audit: ["payment.approve", "payment.override", "payment.propose"],
    roles: FINANCE,
  },
  "payments.reject": { why: "settles a top-up for good", audit: ["payment.reject"], roles: FINANCE },
  "withdrawals.approve": {
    why: "sends money out of the platform",
    audit: ["withdrawal.approve", "withdrawal.propose"],
    roles: FINANCE,
  },
  "withdrawals.reject": { why: "decides a payout", audit: ["withdrawal.reject"], roles: FINANCE },
  "admin.createContest": {
    why: "sets a contest's terms: prize, cash alternative, price, tickets",
    audit: ["contest.create"],
    roles: CONTENT,
  },
  "admin.updateContest": { why: "changes a contest's terms", audit: ["contest.update"], roles: CONTENT },
  "admin.announceContest": {
    why: "e-mails every player who opted in to offers about a contest",
    audit: ["contest.announce"],
    roles: CONTENT,
  },
  "admin.setContestStatus": { why: "ends or cancels a contest (draws, refunds)", audit: ["contest.status"], roles: CONTENT },
  // Support: a postal entry arrives from a player, found by name or e-mail (admin.users).
  "admin.recordFreeEntry": { why: "gives tickets without payment", audit: ["contest.free_entry"], roles: SUPPORT },
  "instantWins.set": {
    why: "sets the instant prizes players can win and commits their map",
    audit: ["contest.instant_prizes"],
    roles: CONTENT,
  },
  "admin.toggleAdmin": { why: "grants or revokes admin rights", audit: ["user.role", "role.propose"], roles: OWNER_ONLY },
  "admin.abuseSignals": {
    why: "accounts linked by device, payout address or sign-up burst, with their e-mails",
    audit: [],
    roles: ["finance", "support"],
  },
  // Finance and content propose (money, terms); the router shows each only the proposals it may confirm.
  "admin.waitingApprovals": {
    why: "actions waiting for a second approver: players and amounts",
    audit: [],
    roles: ["finance", "content"],
  },
  "admin.cancelApproval": {
    why: "withdraws a proposal waiting for a second approver (its proposer only)",
    audit: ["proposal.cancel"],
    roles: ["finance", "content"],
  },
  "admin.grantCredit": { why: "adds site credit to a player's balance", audit: ["credit.grant"], roles: FINANCE },
  "identity.decide": {
    why: "decides a player's identity check (it releases withdrawals held for it)",
    audit: ["identity.decide"],
    roles: FINANCE,
  },
  "prizes.setStatus": { why: "marks a prize shipped or delivered", audit: ["prize.status"], roles: SUPPORT },
  "complaints.adminAnswer": {
    why: "gives the operator's final answer to a complaint (it starts the escalation route)",
    audit: ["complaint.answer"],
    roles: SUPPORT,
  },
  "wheel.setEconomics": { why: "changes the wheel's odds, prices and paid spins", audit: ["wheel.economics"], roles: OWNER_ONLY },
  "admin.createWinnerPost": { why: "publishes who won", audit: ["winner_post.create"], roles: CONTENT },
  "admin.updateWinnerPost": { why: "changes what the winners page says", audit: ["winner_post.update"], roles: CONTENT },
  "admin.deleteWinnerPost": { why: "removes a published winner", audit: ["winner_post.delete"], roles: CONTENT },
  "admin.outbox": { why: "reads every player's e-mail", audit: ["outbox.read"], roles: SUPPORT },
  // Messages: they reach a player (in the site's voice, in their inbox and by e-mail).
  "support.adminReply": {
    why: "a message that reaches a player in the site's voice",
    audit: [],
    record: "the message itself (SupportMessage, the admin as its sender)",
    roles: SUPPORT,
  },
  "complaints.adminReply": {
    why: "a reply that reaches a player about their complaint, by e-mail too",
    audit: ["complaint.reply"],
    roles: SUPPORT,
  },
  // Reads: each shows players' personal or money data.
  "admin.users": { why: "every player's e-mail, name and balance", audit: [], roles: ["finance", "support"] },
  "admin.overview": {
    why: "the latest top-ups and sign-ups with players' e-mails, and the platform's money",
    audit: [],
    roles: ["finance", "support"],
  },
  "admin.stats": {
    why: "the platform's money: revenue, balances held, payouts",
    audit: [],
    roles: ["finance", "support", "content", "viewer"],
  },
  "admin.analytics": { why: "revenue, top-ups and sign-ups over time", audit: [], roles: ["finance", "viewer"] },
  "admin.audit": { why: "admins' actions on players' money and accounts, with e-mail addresses", audit: [], roles: FINANCE },
  "admin.contests": { why: "every contest with its sales, draw state and winner", audit: [], roles: ALL_STAFF },
  "admin.winnerPosts": { why: "winner posts with unpublished drafts: who won, before it is public", audit: [], roles: CONTENT },
  "complaints.adminList": { why: "every complaint: the player's e-mail and what they wrote", audit: [], roles: SUPPORT },
  "instantWins.adminList": { why: "instant prizes and who won them", audit: [], roles: CONTENT },
  "payments.pending": { why: "players' top-ups with their e-mail addresses and amounts", audit: [], roles: FINANCE },
  "pricing.promoCodes": { why: "every discount code, including ones not given out yet", audit: [], roles: CONTENT },
  "prizes.adminList": { why: "winners' names, e-mails and delivery addresses", audit: [], roles: SUPPORT },
  "prizes.adminOverdue": { why: "winners waiting for their prize, by name", audit: [], roles: SUPPORT },
  "review.list": { why: "money under review: players' e-mails, amounts and payments", audit: [], roles: FINANCE },
  "saferPlay.riskMarkers": {
    why: "players at risk: their spending, limits and self-exclusions",
    audit: [],
    roles: ["finance", "support"],
  },
  "support.conversations": { why: "every player's support conversation", audit: [], roles: SUPPORT },
  "support.conversation": { why: "one player's support messages and account", audit: [], roles: SUPPORT },
  "support.conversationMessages": { why: "one player's support messages", audit: [], roles: SUPPORT },
  "support.onConversations": { why: "live: which players wrote, as they write", audit: [], roles: SUPPORT },
  "support.onConversation": { why: "live: one player's support messages", audit: [], roles: SUPPORT },
  "wheel.economics": { why: "the wheel's takings and payouts", audit: [], roles: ["finance", "viewer"] },
  "withdrawals.adminList": { why: "players' payout addresses and amounts", audit: [], roles: FINANCE },
  "identity.adminPending": { why: "players' legal names, dates of birth and addresses", audit: [], roles: FINANCE },
  "review.credit": {
    why: "credits a late payment's received value",
    audit: ["review.credit", "review.propose"],
    roles: FINANCE,
  },
  "review.takeBack": {
    why: "debits a refunded credit from a player",
    audit: ["review.take_back", "review.propose"],
    roles: FINANCE,
  },
  "review.settlePayout": {
    why: "settles a payout whose outcome was unknown (paid, or the hold comes back)",
    audit: ["review.settle_payout"],
    roles: FINANCE,
  },
  "review.dismiss": { why: "closes a money review without booking anything", audit: ["review.dismiss"], roles: FINANCE },
  "pricing.createPromoCode": { why: "lets players pay less: a new discount on tickets", audit: ["promo.create"], roles: CONTENT },
  "pricing.setPromoCodeStatus": { why: "turns a discount on or off", audit: ["promo.status"], roles: CONTENT },
  "pricing.setBundleTiers": {
    why: "changes what a contest's tickets cost in bundles",
    audit: ["contest.bundle_tiers"],
    roles: CONTENT,
  },
  "proofs.takeSnapshot": {
    why: "publishes what the operator owes every player (a public, permanent record)",
    audit: ["liabilities.snapshot"],
    roles: FINANCE,
  },
  "receipts.rotateKey": {
    why: "changes the key every new receipt is signed with",
    audit: ["receipt_key.rotate"],
    roles: OWNER_ONLY,
  },
} as const satisfies Record<string, Privileged>;

/**
 * Admin procedures that a session without its second factor may call, and why that is safe: each
 * shows no player's personal or money data and reaches no player.
 */
export const SECOND_FACTOR_EXEMPT = {
  "auth.twoFactorSetup": "how an admin gets a second factor at all; only starts a pending key",
  "auth.twoFactorEnable": "confirms enrolment with a code of the new key (and the current one when re-enrolling)",
  "auth.twoFactorDisable": "needs the current code or a backup code itself",
  "auth.staffAccess": "names the caller's own role and what it may call: nobody else's data",
  "support.markConversationRead": "a read marker: shows nothing and reaches no player",
} as const satisfies Record<string, string>;

/** Who may call the exempt procedures (same matrix). */
const EXEMPT_ROLES: Record<keyof typeof SECOND_FACTOR_EXEMPT, readonly OtherRole[]> = {
  "auth.twoFactorSetup": ALL_STAFF,
  "auth.twoFactorEnable": ALL_STAFF,
  "auth.twoFactorDisable": ALL_STAFF,
  "auth.staffAccess": ALL_STAFF,
  "support.markConversationRead": SUPPORT,
};

/**
 * Admin reads served as raw REST rows (not tRPC procedures, so the builders never see them) that
 * hand out every player's data in one answer. Same rule, applied by the REST adapter
 * (src/server/rest/handler.ts) before the row runs; an audit row per download
 * (src/server/rest/routes/exports.ts). Keys are "METHOD path" of the REST row.
 */
export const PRIVILEGED_ADMIN_READS = {
  "GET /api/admin/export/payments.csv": { why: "every player's top-ups in one file", audit: ["export.read"], roles: FINANCE },
  "GET /api/admin/export/withdrawals.csv": {
    why: "every player's payout addresses and amounts",
    audit: ["export.read"],
    roles: FINANCE,
  },
  "GET /api/admin/export/audit.csv": {
    why: "the whole audit log, with players' e-mail addresses",
    audit: ["export.read"],
    roles: FINANCE,
  },
  "GET /api/admin/contests/:contestId/entries.csv": {
    why: "the names and e-mails of a contest's players",
    audit: ["export.read"],
    roles: CONTENT,
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

function rolesOf(key: string): readonly OtherRole[] {
  if (Object.hasOwn(PRIVILEGED_ADMIN_ACTIONS, key))
    return PRIVILEGED_ADMIN_ACTIONS[key as keyof typeof PRIVILEGED_ADMIN_ACTIONS].roles;
  if (Object.hasOwn(PRIVILEGED_ADMIN_READS, key)) return PRIVILEGED_ADMIN_READS[key as keyof typeof PRIVILEGED_ADMIN_READS].roles;
  if (Object.hasOwn(EXEMPT_ROLES, key)) return EXEMPT_ROLES[key as keyof typeof EXEMPT_ROLES];
  return OWNER_ONLY; // unlisted: owners only (fail closed)
}

/** Whether a staff member with `role` may call the admin procedure (or raw REST row) at `key`. */
export function roleMayCall(role: string, key: string): boolean {
  if (!isStaffRole(role)) return false;
  return role === "owner" || (rolesOf(key) as readonly string[]).includes(role);
}

/** The staff roles that may call `key` (owner first): who can confirm a four-eyes proposal for it. */
export function rolesAllowed(key: string): StaffRole[] {
  return ["owner", ...rolesOf(key)];
}

/** Every admin procedure and raw REST row `role` may call: what the dashboard shows as live. */
export function allowedFor(role: StaffRole): string[] {
  const keys = [
    ...Object.keys(PRIVILEGED_ADMIN_ACTIONS),
    ...Object.keys(PRIVILEGED_ADMIN_READS),
    ...Object.keys(SECOND_FACTOR_EXEMPT),
  ];
  return keys.filter((key) => roleMayCall(role, key)).sort();
}

export const ROLE_NOT_ALLOWED = "Your staff role does not allow this";

/**
 * Staff only, the role matrix, and the second factor where `key` needs it: the one check for every
 * admin procedure and admin REST row. Throws 401 signed out, 403 for a player, 403 for a role the
 * matrix does not name, 403 TWO_FACTOR_REQUIRED.
 */
export function assertAdminAccess(
  ctx: { user: { role: string } | null; session: { twoFactorVerifiedAt: Date | null } | null },
  key: string,
): void {
  if (!ctx.user || !ctx.session) throw unauthorized();
  if (!isStaffRole(ctx.user.role)) throw forbidden("Admin access required");
  if (!roleMayCall(ctx.user.role, key)) throw forbidden(ROLE_NOT_ALLOWED);
  if (needsSecondFactor(key) && secondFactorMissing(ctx.session)) throw forbidden(TWO_FACTOR_REQUIRED);
}
