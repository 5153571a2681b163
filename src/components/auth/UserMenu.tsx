"use client";

/** Header user menu (avatar, name, balance, purchases, settings, logout). Owned by the accounts issue. */
export function UserMenu() {
  return null;
}
