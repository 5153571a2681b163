"use client";

import { useCallback, useEffect, useState, useSyncExternalStore } from "react";

/**
 * The signed-in dialogs any menu may open: the header's user menu and support button on wide
 * screens, the slide-out menu on phones and tablets. The dialogs stay mounted in the header (their
 * buttons are only hidden on narrow screens, the modals live in portals), so opening one from the
 * slide-out menu is just this switch. One dialog at a time. A dialog's code loads on its first open
 * (`useOpenedOnce` and `next/dynamic`), not with every signed-in page.
 */
export type AccountDialog = "purchases" | "settings" | "responsible" | "support" | "addBalance";

let current: AccountDialog | null = null;
const listeners = new Set<() => void>();

function set(next: AccountDialog | null) {
  if (next === current) return;
  current = next;
  for (const l of listeners) l();
}

export function openAccountDialog(name: AccountDialog) {
  set(name);
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** [opened, open, close] for one dialog. */
export function useAccountDialog(name: AccountDialog): [boolean, () => void, () => void] {
  const opened = useSyncExternalStore(
    subscribe,
    () => current === name,
    () => false,
  );
  const open = useCallback(() => set(name), [name]);
  const close = useCallback(() => {
    if (current === name) set(null);
  }, [name]);
  return [opened, open, close];
}

/**
 * True from the first time `opened` is true on: a lazily loaded dialog mounts then (its code loads on
 * that first open) and stays mounted, so it animates closed and keeps its state between opens.
 */
export function useOpenedOnce(opened: boolean): boolean {
  const [once, setOnce] = useState(opened);
  if (opened && !once) setOnce(true);
  return once || opened;
}

/**
 * `opened`, held back two commits: for a modal or drawer whose code loads on its first open. Mounted
 * already open, Mantine's transition starts before it has read the player's reduced-motion setting
 * (src/theme.ts respectReducedMotion; read in an effect): the dialog's portal mounts on the first
 * commit, its transition reads the setting after the second, and it then opens as on every later open.
 * e2e/motion.spec.ts checks it on a lazily loaded modal and drawer.
 */
export function useOpenAfterMount(opened: boolean): boolean {
  const [commits, setCommits] = useState(0);
  useEffect(() => {
    if (commits < 2) setCommits(commits + 1);
  }, [commits]);
  return opened && commits >= 2;
}
