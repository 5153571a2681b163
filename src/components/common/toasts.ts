import { notifications } from "@mantine/notifications";

/**
 * Every toast of the app goes through this module (docs/product.md §8 and §9): the titles live here,
 * once, with the spec's words; the viewport that shows one toast at a time is
 * src/components/layout/Toasts.tsx. A new toast adds its title to TOAST and calls a helper below;
 * nothing else calls Mantine's `notifications` (tests/unit/toasts.test.ts holds the code to that).
 */
export const TOAST = {
  // Accounts
  loginSuccessful: "Login Successful",
  loginFailed: "Login Failed",
  accountCreated: "Account Created Successfully!",
  signUpFailed: "Sign Up Failed",
  emailNotFound: "Email Not Found",
  incorrectAnswer: "Incorrect Answer",
  passwordResetSuccessful: "Password Reset Successful",
  passwordResetFailed: "Password Reset Failed",
  resetLinkFailed: "Reset Link Failed",
  loggedOut: "Logged Out",
  logoutFailed: "Logout Failed",
  unauthorized: "Unauthorized",
  profileUpdated: "Profile Updated",
  passwordChanged: "Password Changed",
  securityQuestionUpdated: "Security Question Updated",
  twoFactor: "Two-factor",
  twoFactorOn: "Two-factor is on",
  twoFactorOff: "Two-factor is off",
  emailPreferencesSaved: "Email preferences saved",
  marketingSaved: "Marketing preferences saved",
  linkCopied: "Link copied",
  linkNotCopied: "Could not copy the link",
  contestAnnounced: "Contest announced",
  verificationSent: "Verification e-mail sent",
  verificationNotSent: "Verification e-mail not sent",
  couldNotSave: "Could not save",
  signInRequired: "Sign In Required",
  accountClosed: "Account closed",
  accountNotClosed: "Account not closed",
  // Responsible play
  limitsSaved: "Limits saved",
  limitsNotSaved: "Limits not saved",
  selfExclusionActive: "Self-exclusion active",
  selfExclusionFailed: "Self-exclusion failed",
  dateOfBirthSaved: "Date of birth saved",
  dateOfBirthNotSaved: "Date of birth not saved",
  selfExclusionEndRequested: "Request received",
  selfExclusionEndRequestFailed: "Request failed",
  spendLimitSaved: "Spend limit saved",
  limitAnswerNotSaved: "Could not save your answer",
  // Cart and checkout
  ticketsAdded: "Tickets Added!",
  answerChanged: "Answer Changed",
  purchaseSuccessful: "Purchase Successful!",
  purchaseFailed: "Purchase Failed",
  insufficientBalance: "Insufficient Balance",
  numbersNotHeld: "Numbers Not Held",
  promoCodeApplied: "Promo code applied",
  freeEntryReceived: "Free Entry Received",
  onlineFreeEntryRefused: "Free Entry Refused",
  proofNotFetched: "Could not fetch the proof",
  autoEntrySetUp: "Auto-entry set up",
  autoEntryNotSetUp: "Auto-entry not set up",
  autoEntryCancelled: "Auto-entry cancelled",
  autoEntryNotCancelled: "Auto-entry not cancelled",
  // Payments, prizes and withdrawals
  paymentCreated: "Payment Created Successfully",
  paymentCreationFailed: "Payment Creation Failed",
  paymentDetails: "Payment Details",
  paymentSimulated: "Payment simulated",
  withdrawalRequested: "Withdrawal Requested",
  withdrawalFailed: "Withdrawal Failed",
  identitySaved: "Details Saved",
  identityNotSaved: "Details Not Saved",
  identityCheckAsked: "Identity Check Requested",
  claimFailed: "Claim Failed",
  receiptConfirmed: "Receipt Confirmed",
  confirmationFailed: "Confirmation Failed",
  disputeFiled: "Dispute Filed",
  disputeFailed: "Dispute Failed",
  // Support
  messageSent: "Message sent",
  sendFailed: "Send failed",
  complaintReceived: "Complaint Received",
  complaintNotFiled: "Complaint Not Filed",
  noteAdded: "Note Added",
  noteNotAdded: "Note Not Added",
  // Wheel
  clientSeedUpdated: "Client seed updated",
  // Admin
  paymentApproved: "Payment Approved",
  approvalFailed: "Approval Failed",
  paymentRejected: "Payment Rejected",
  rejectionFailed: "Rejection Failed",
  withdrawalApproved: "Withdrawal Approved",
  approvalProposed: "Waiting for a Second Approver",
  proposalWithdrawn: "Proposal Withdrawn",
  withdrawalRejected: "Withdrawal Rejected",
  identityDecided: "Identity Check Decided",
  userUpdated: "User Updated",
  contestUpdated: "Contest Updated",
  contestCreated: "Contest Created",
  updateFailed: "Update Failed",
  creationFailed: "Creation Failed",
  prizeUpdated: "Prize Updated",
  reviewFailed: "Review Failed",
  wheelSaved: "Wheel saved",
  snapshotPublished: "Snapshot published",
  snapshotFailed: "Snapshot failed",
  receiptKeyRotated: "Receipt key rotated",
  receiptKeyRefused: "Receipt key not rotated",
  saveFailed: "Save failed",
  freeEntryRecorded: "Free entry recorded",
  freeEntryRefused: "Free entry refused",
  replySent: "Reply Sent",
  replyFailed: "Reply Failed",
  finalAnswerSent: "Final Answer Sent",
  finalAnswerFailed: "Final Answer Failed",
  bundlePricesSaved: "Bundle prices saved",
  bundlePricesRefused: "Bundle prices refused",
  instantPrizesSaved: "Instant prizes saved",
  instantPrizesRefused: "Instant prizes refused",
  promoCodeCreated: "Promo code created",
  promoCodeNotCreated: "Promo code not created",
  promoCodeUpdated: "Promo code updated",
  promoCodeNotUpdated: "Promo code not updated",
  // Push notifications on this device (docs/push.md)
  pushOn: "Push notifications on",
  pushOff: "Push notifications off",
  pushUnavailable: "Push notifications unavailable",
  success: "Success",
  error: "Error",
} as const;

/** The session-lost toast's text (docs/product.md §8: payment creation, checkout, an expired session). */
export const SESSION_LOST = "You are logged out. Logging in again...";

type Tone = "success" | "error" | "info" | "warning" | "neutral";
const COLOR: Record<Tone, string | undefined> = {
  success: "green",
  error: "red",
  info: undefined, // Mantine's default accent
  warning: "yellow",
  neutral: "gray",
};

/** The one place that shows a toast. */
export function showToast(title: string, message: string, tone: Tone = "info", opts: { autoClose?: number } = {}) {
  notifications.show({ title, message, color: COLOR[tone], ...opts });
}

/** A success toast (green). */
export function toastSuccess(title: string, message?: string) {
  showToast(title, message ?? "", "success");
}

/** A plain information toast in the default colour (a step done, details that follow). */
export function toastInfo(title: string, message: string, opts: { autoClose?: number } = {}) {
  showToast(title, message, "info", opts);
}

/** A destructive toast: the server's message, else the documented fallback. */
export function toastError(title: string, error: unknown, fallback: string) {
  const message = error instanceof Error && error.message ? error.message : fallback;
  showToast(title, message, "error");
}

/**
 * A mutation's toasts when the server's answer says what was done: on success that message under
 * `done[0]` (or `done[1]` when the answer has none), then `then` (close a dialog, read lists again);
 * on failure the server's message under `failed[0]`, else `failed[1]`.
 */
export function answerToasts(
  done: [title: string, fallback?: string],
  failed: [title: string, fallback: string],
  then?: () => unknown,
) {
  return {
    onSuccess: async (answer: { message?: string }) => {
      toastSuccess(done[0], answer.message ?? done[1]);
      await then?.();
    },
    onError: (e: unknown) => toastError(failed[0], e, failed[1]),
  };
}

/** The signed-out toast before the redirect to /api/login (docs/product.md §8). */
export function toastUnauthorized(message: string = SESSION_LOST) {
  showToast(TOAST.unauthorized, message, "error");
}

/** Closes a toast that no longer applies (an earlier step's error once the next step opened). */
export function dismissToasts() {
  notifications.clean();
}
