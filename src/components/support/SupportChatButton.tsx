"use client";

/** Header support chat button and dialog. Owned by the notifications/chat issue. */
export function SupportChatButton() {
  return null;
}
