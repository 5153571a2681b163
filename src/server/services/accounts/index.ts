/**
 * Accounts (docs/accounts.md): sign-up, login, the three-step recovery and the emailed reset link,
 * Account Settings, two-factor, closing an account, and staff roles.
 *
 * Owns (each rule and the function that enforces it):
 * - sign-up and login are rate-limited per account and per address across instances: `login` (auth.ts)
 * - a reset needs a fresh security answer from the same client: `resetPassword` (auth.ts)
 * - a reset link answers the same whether or not the email has an account: `requestResetLink` (reset-link.ts)
 * - an address gets player text or money news only once its owner followed the link mailed to it: `verifyEmail` (email-verification.ts)
 * - a secret changes only with the current password, counted: `changePassword` (account.ts)
 * - a session that owes its second factor gets nothing else until the code is right: `verifyTwoFactorLogin` (two-factor.ts)
 * - authenticator codes have a ceiling per account from every address, a bounded lockout the owner is told of: `verifyTwoFactorLogin` (two-factor.ts)
 * - a closed account keeps its records and loses every session: `closeAccount` (closure.ts)
 * - granting, changing or removing a staff role is audited, needs a second owner while there is one, and the last owner cannot be removed: `setStaffRole` (staff.ts)
 * - role changes need a sign-in of the last 15 minutes: `assertRecentSignIn` (staff.ts)
 * - shared devices and withdrawal addresses, sign-up bursts, disposable e-mail and linked free entries are recorded as signals, never moving money: `noteDevice`, `noteWithdrawalAddress`, `noteSignup`, `noteFreeEntry` (abuse-signals.ts)
 * - a one-per-player promo counts the player's linked accounts too: `linkedAccounts` (abuse-signals.ts)
 * - the signals list is a keyset page, first seen newest first: `listAbuseSignals` (abuse-signals.ts)
 * - the identity checks waiting are a keyset page, oldest request first: `listPendingIdentityChecks` (identity.ts)
 * - an action over its threshold needs a second staff member, never the proposer: `proposeOrConfirm` (four-eyes.ts)
 * - the proposals waiting for a second approver are a keyset page, oldest first, of the actions asked for: `listWaitingQueue` (four-eyes.ts)
 * - no staff member decides on their own account (withdrawals, top-ups, credit, review entries, identity): `refuseOwnAccount` (staff.ts)
 * - offers and news go only to a player who opted in on that channel and whom safer-play does not block, each mail with a one-click unsubscribe: `marketingConsent`, `queueMarketingEmail`, `queueMarketingPush` (consent.ts)
 * - identity is asked only past the thresholds, and a withdrawal needs the tier its sums reach: `identityStanding` (identity.ts)
 * - the player sees their tier, what is asked and from when, before they need it: `identityStatus` (identity.ts)
 * - tier 1 is declared once (the date of birth kept with the age): `declareIdentity` (identity.ts)
 * - tier 2 is decided once per check by an admin, audited: `decideIdentityCheck` (identity.ts)
 * - or by the provider's signed webhook, keeping only the decision and its reference: `processIdentityWebhook` (identity.ts)
 *
 * Outside this folder, import only this file (scripts/tools/layers.ts).
 */
export {
  SECRET_CHANGE_RULES,
  changePassword,
  changeSecurity,
  checkCurrentPassword,
  getSettings,
  limitSecretChange,
  updateProfile,
} from "./account";
export {
  PASSWORD_RESET_NOTIFICATION,
  RATE_RULES,
  RECOVERY_LOCKED_NOTIFICATION,
  RESET_GRANT_TTL_MS,
  forgotPassword,
  login,
  logout,
  maskEmail,
  rateKeys,
  resetPassword,
  signup,
  verifySecurity,
} from "./auth";
export { RESET_LINK_MIN_RESPONSE_MS, RESET_LINK_RULES, RESET_LINK_TTL_MS, requestResetLink, resetWithLink } from "./reset-link";
export {
  BACKUP_CODE_COUNT,
  CURRENT_CODE_NEEDED,
  INVALID_CODE,
  TWO_FACTOR_ACCOUNT_RULE,
  TWO_FACTOR_IP_RULE,
  TWO_FACTOR_LOCK_BASE_MS,
  TWO_FACTOR_LOCK_MAX_MS,
  TWO_FACTOR_LOCKED_NOTIFICATION,
  TWO_FACTOR_REQUIRED,
  TWO_FACTOR_RULE,
  disableTwoFactor,
  enableTwoFactor,
  hashBackupCode,
  setupTwoFactor,
  twoFactorStatus,
  verifyTwoFactorLogin,
} from "./two-factor";
export { closeAccount } from "./closure";
export {
  CONSENT_MESSAGES,
  getMarketingConsent,
  marketingConsent,
  queueMarketingEmail,
  queueMarketingPush,
  setMarketingConsent,
  unsubscribeByToken,
  unsubscribeStatus,
  type MarketingChannel,
  type MarketingConsentView,
} from "./consent";
export {
  VERIFY_LINK_TTL_MS,
  VERIFY_RULES,
  mailLinkAtSignup,
  requestEmailVerification,
  verifyEmail,
  verifyKeys,
} from "./email-verification";
export {
  abuseFlagsOf,
  deviceCookie,
  linkedAccounts,
  listAbuseSignals,
  newDeviceId,
  noteDevice,
  noteFreeEntry,
  noteSignup,
  noteWithdrawalAddress,
  readDeviceId,
} from "./abuse-signals";
export {
  assertRecentSignIn,
  LAST_OWNER,
  listUsers,
  OWN_ACCOUNT_MESSAGES,
  refuseOwnAccount,
  setStaffRole,
  SIGN_IN_AGAIN,
} from "./staff";
export {
  cancelProposal,
  FOUR_EYES_MESSAGES,
  gateTermsChange,
  lapseProposal,
  listWaitingProposals,
  listWaitingQueue,
  overFourEyesThreshold,
  proposeOrConfirm,
  type FourEyesStep,
} from "./four-eyes";
export {
  decideIdentityCheck,
  declareIdentity,
  identityStanding,
  identityStatus,
  identityThresholds,
  listPendingIdentityChecks,
  processIdentityWebhook,
  requestIdentityCheck,
} from "./identity";
export type { IdentityStanding, IdentityStatus } from "./identity";
