/**
 * accounts: OWNS-PLACEHOLDER
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
  TWO_FACTOR_IP_RULE,
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
export { listUsers, setAdmin } from "./staff";
