"use client";

import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from "react";
import { useOpenAfterMount } from "./dialogs";

/**
 * A header popup (the user menu, the notifications) whose code loads on intent, not with every
 * signed-in page: Mantine's Menu and Popover bring floating-ui and tabbable, about 20 KB of
 * compressed script a slow phone compiles before the page answers (docs/performance.md "First load").
 *
 * Until the popup is wanted the header renders its own plain trigger with `triggerProps`: the
 * pointer or focus reaching it starts the import, a click (Enter, Space) or ArrowDown activates it.
 * From then on the loaded popup renders the same trigger inside the real Menu or Popover, opened
 * (`useOpenAfterMount` there), and takes keyboard focus if the plain trigger had it.
 */
export function usePopupOnDemand(load: () => Promise<unknown>, onIntent?: () => void) {
  const [active, setActive] = useState(false);
  const hadFocus = useRef(false);
  const intent = useRef(onIntent);
  intent.current = onIntent;
  // `load` is a module-level `() => import(...)`.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  const preload = useCallback(() => {
    intent.current?.();
    void load().catch(() => undefined);
  }, []);
  const activate = useCallback((target: EventTarget) => {
    intent.current?.();
    hadFocus.current = typeof document !== "undefined" && document.activeElement === target;
    setActive(true);
  }, []);
  const triggerProps = {
    "aria-haspopup": true as const,
    "aria-expanded": false,
    onPointerEnter: preload,
    onFocus: preload,
    onTouchStart: preload,
    onClick: (e: { currentTarget: EventTarget }) => activate(e.currentTarget),
    onKeyDown: (e: KeyboardEvent) => {
      if (e.key === "ArrowDown") {
        e.preventDefault();
        activate(e.currentTarget);
      }
    },
  };
  return { active, focusOnOpen: hadFocus.current, triggerProps };
}

/**
 * The loaded popup's side: mounted open (after Mantine has read the reduced-motion setting,
 * `useOpenAfterMount`), its target focused if the plain trigger had focus, `onOpen` called once.
 * `opened` and `setWanted` drive a controlled Menu or Popover; `target` goes on its trigger.
 */
export function useMountedOpen(focusOnOpen: boolean, onOpen?: () => void) {
  const [wanted, setWanted] = useState(true);
  const opened = useOpenAfterMount(wanted);
  const target = useRef<HTMLButtonElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the popup replaces the plain trigger
  useEffect(() => {
    if (focusOnOpen) target.current?.focus();
    onOpen?.();
  }, []);
  return { opened, setWanted, target };
}
