/**
 * The one list of privileged admin actions (docs/security.md). With ADMIN_2FA_REQUIRED=true the
 * procedure builder (`adminProcedure`, src/server/api/trpc.ts) lets these run only for a session that
 * passed the TOTP check; no router opts in or out by itself. An admin mutation in neither list is
 * treated as privileged (fail closed), and tests/integration/two-factor.test.ts enumerates the
 * router so none can stay unclassified.
 *
 * Keys are tRPC procedure paths; values say why the action is privileged.
 */
export const PRIVILEGED_ADMIN_ACTIONS = {
  "payments.approve": "credits a player's balance (override credits money no gateway confirmed)",
  "payments.reject": "settles a top-up for good",
  "withdrawals.approve": "sends money out of the platform",
  "withdrawals.reject": "decides a payout",
  "admin.createContest": "sets a contest's terms: prize, cash alternative, price, tickets",
  "admin.updateContest": "changes a contest's terms",
  "admin.setContestStatus": "ends or cancels a contest (draws, refunds)",
  "admin.recordFreeEntry": "gives tickets without payment",
  "admin.toggleAdmin": "grants or revokes admin rights",
  "prizes.setStatus": "marks a prize shipped or delivered",
  "wheel.setEconomics": "changes the wheel's odds, prices and paid spins",
  "admin.createWinnerPost": "publishes who won",
  "admin.updateWinnerPost": "changes what the winners page says",
  "admin.deleteWinnerPost": "removes a published winner",
  "admin.outbox": "reads every player's e-mail",
} as const satisfies Record<string, string>;

/** Admin mutations that a session without its second factor may call, and why that is safe. */
export const SECOND_FACTOR_EXEMPT = {
  "auth.twoFactorSetup": "how an admin gets a second factor at all; only starts a pending key",
  "auth.twoFactorEnable": "confirms enrolment with a code of the new key (and the current one when re-enrolling)",
  "auth.twoFactorDisable": "needs the current code or a backup code itself",
  "support.adminReply": "a message to one player; moves no money and changes no terms",
  "support.markConversationRead": "a read marker",
} as const satisfies Record<string, string>;

export type PrivilegedAction = keyof typeof PRIVILEGED_ADMIN_ACTIONS;

/**
 * Whether the admin procedure at `path` needs a verified second factor (when ADMIN_2FA_REQUIRED):
 * every listed action, and every other mutation not exempted by name.
 */
export function needsSecondFactor(path: string, type: string): boolean {
  if (Object.hasOwn(PRIVILEGED_ADMIN_ACTIONS, path)) return true;
  return type === "mutation" && !Object.hasOwn(SECOND_FACTOR_EXEMPT, path);
}
