"use client";

/** Header bell with unread badge and popover. Owned by the notifications issue. */
export function NotificationBell() {
  return null;
}
