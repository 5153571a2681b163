/**
 * kernel: OWNS-PLACEHOLDER
 */
export { listAudit, recordAudit } from "./audit";
export { QUICKNET_CHAIN_HASH, QUICKNET_PUBLIC_KEY, fairPlaySettings } from "./fair-play-settings";
export type { BeaconSettings } from "./fair-play-settings";
export { InsufficientBalanceError, applyBalanceChange } from "./ledger";
export { likeLiteral } from "./like";
export { valueById } from "./lookup";
export { WELCOME_NOTIFICATION, listNotifications, markAllRead, markRead, notify, notifyMany, unreadCount } from "./notifications";
export { SORT_KEY, cursorRow, olderThan, ownRowsPage, pageLimit } from "./paging";
export { toPublicUser } from "./users";
export type { PublicUser } from "./users";
