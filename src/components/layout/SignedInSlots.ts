/**
 * The header's signed-in-only slots, behind one dynamic import in AppHeader.tsx: one chunk group, so
 * what they share (Mantine's popover and menu, money formatting) is fetched once, not once per slot.
 */
export { NotificationBell } from "../notifications/NotificationBell";
export { AddBalanceButton } from "../payments/AddBalanceButton";
export { SupportChatButton } from "../support/SupportChatButton";
export { UserMenu } from "./UserMenu";
