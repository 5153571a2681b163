"use client";

/** Header 'Add Balance' button and dialog. Owned by the payments issue. */
export function AddBalanceButton() {
  return null;
}
