/**
 * Multi-account and abuse signals (docs/admin.md "Abuse signals"), by name, with the words the
 * "Players at risk" tab shows. Recorded by the server (src/server/services/accounts/abuse-signals.ts).
 */
export const ABUSE_SIGNAL_KINDS = [
  "shared_device",
  "shared_withdrawal_address",
  "signup_burst",
  "disposable_email",
  "free_entry_farming",
] as const;
export type AbuseSignalKind = (typeof ABUSE_SIGNAL_KINDS)[number];

/** Kinds that link accounts to each other (one person, several accounts). */
export const LINKING_SIGNALS: readonly AbuseSignalKind[] = ["shared_device", "shared_withdrawal_address"];

export const ABUSE_SIGNAL_LABELS: Record<AbuseSignalKind, string> = {
  shared_device: "Same device as another account",
  shared_withdrawal_address: "Same withdrawal address as another account",
  signup_burst: "Signed up in a burst from one address block",
  disposable_email: "Disposable e-mail domain",
  free_entry_farming: "Free entries to one contest from linked accounts",
};
