"use client";

import { type KeyboardEvent, useCallback, useRef, useState } from "react";

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
export function usePopupOnDemand(load: () => Promise<unknown>) {
  const [active, setActive] = useState(false);
  const hadFocus = useRef(false);
  // `load` is a module-level `() => import(...)`.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  const preload = useCallback(() => void load().catch(() => undefined), []);
  const activate = useCallback((target: EventTarget) => {
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
