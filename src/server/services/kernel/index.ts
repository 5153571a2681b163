/**
 * The kernel every domain stands on: the ledger, the audit log, notifications, keyset paging,
 * the fair-play settings and the public user shape. No business decision of its own.
 *
 * Owns (each rule and the function that enforces it):
 * - a balance changes only here: one conditional UPDATE plus an append-only ledger row, once per (kind, reference): `applyBalanceChange` (ledger.ts)
 * - cash is withdrawable, credit is spend-only: each row moves the balance its kind moves (`LEDGER_BALANCE`), spends take credit first: `applyBalanceChange` (ledger.ts)
 * - expiring credit is spent soonest-expiry first: `consumeCreditLots` (credit-lots.ts)
 * - what is left of expired credit leaves the credit balance once: `expireCreditLots` (credit-expiry.ts)
 * - every privileged action writes its audit row inside its own transaction: `recordAudit` (audit.ts)
 * - a notification is published to live listeners only after its transaction commits: `notify` (notifications.ts)
 * - a notification that src/server/push/outbox.ts PUSHED_NOTIFICATIONS lists is pushed to the player's devices, in its own transaction: `notify`, `notifyMany` (notifications.ts)
 * - every growing list is a keyset page of bounded size: `pageLimit` (paging.ts)
 * - a search box matches literal text, never a wildcard: `likeLiteral` (like.ts)
 * - fair and responsible play settings come from the validated environment: `fairPlaySettings` (fair-play-settings.ts)
 * - what GET /api/auth/user shows of a user: `toPublicUser` (users.ts)
 *
 * Outside this folder, import only this file (scripts/tools/layers.ts).
 */
export { listAudit, recordAudit } from "./audit";
export { QUICKNET_CHAIN_HASH, QUICKNET_PUBLIC_KEY, fairPlaySettings } from "./fair-play-settings";
export type { BeaconSettings } from "./fair-play-settings";
export { InsufficientBalanceError, LEDGER_BALANCE, LEDGER_SPLIT_SEQ_KEY, applyBalanceChange } from "./ledger";
export type { BalanceChange, LedgerResult } from "./ledger";
export { consumeCreditLots } from "./credit-lots";
export { expireCreditLots } from "./credit-expiry";
export { likeLiteral } from "./like";
export { valueById } from "./lookup";
export {
  WELCOME_NOTIFICATION,
  headerState,
  listNotifications,
  markAllRead,
  markRead,
  notify,
  notifyMany,
  unreadCount,
} from "./notifications";
export type { HeaderState } from "./notifications";
export { SORT_KEY, cursorRow, olderThan, ownRowsPage, pageLimit } from "./paging";
export { toPublicUser } from "./users";
export type { PublicUser } from "./users";
