/**
 * Staff roles (docs/admin.md "Roles"). Which role may call which admin procedure is decided in one
 * place on the server (src/server/api/privileged.ts); this module only names the roles for screens
 * and schemas. `isAdmin` (the spec's flag) is true for every staff role.
 */
export const STAFF_ROLES = ["owner", "finance", "support", "content", "viewer"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export function isStaffRole(role: string | null | undefined): role is StaffRole {
  return (STAFF_ROLES as readonly string[]).includes(role ?? "");
}

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  owner: "Owner",
  finance: "Finance",
  support: "Support",
  content: "Content",
  viewer: "Viewer",
};

/** What each role is for, as the role dialog says it. */
export const STAFF_ROLE_DESCRIPTIONS: Record<StaffRole, string> = {
  owner: "Everything, including who is staff",
  finance: "Payments, withdrawals, the review queue, identity checks, site credit and money exports",
  support: "Conversations, complaints, prize delivery and players' profiles; cannot move money",
  content: "Contests, instant prizes, bundles, promo codes and winner posts",
  viewer: "Dashboards and reports, read-only",
};

/**
 * The actions that can wait for a second approver (docs/admin.md "Four eyes"), each the privileged
 * procedure it runs once confirmed (src/server/services/accounts/four-eyes.ts).
 */
export const FOUR_EYES_ACTIONS = [
  "withdrawals.approve",
  "payments.approve",
  "review.credit",
  "review.takeBack",
  "admin.toggleAdmin",
  "wheel.setEconomics",
  "instantWins.set",
  "pricing.createPromoCode",
] as const;
export type FourEyesAction = (typeof FOUR_EYES_ACTIONS)[number];
