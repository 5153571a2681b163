"use client";

import { type ReactNode, Suspense, startTransition, useEffect, useRef, useState } from "react";

/** Longest a deferred section waits for the browser to be idle before it renders anyway. */
const IDLE_TIMEOUT_MS = 2_000;

/**
 * Content below the fold that a page's first paint and first interaction do not need (a contest
 * page's proof sections): its code and its data load once the browser is idle after the page has
 * hydrated, or sooner when it comes within a screen of view. `children` is typically a `lazy`
 * component, so its code is a chunk of its own. Until then, a placeholder of `minHeight` keeps the
 * page's length, and the server render carries only the placeholder. It renders in a transition:
 * in slices of a few milliseconds, not one long task.
 */
export function DeferredSection({ children, minHeight, testId }: { children: ReactNode; minHeight: number; testId?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (shown) return;
    // A transition: the section renders in slices the browser interleaves with input, and the
    // placeholder stays until its code has arrived (no fallback flash).
    const show = () => startTransition(() => setShown(true));
    const idle = typeof requestIdleCallback === "function" ? requestIdleCallback(show, { timeout: IDLE_TIMEOUT_MS }) : undefined;
    const timer = idle === undefined ? setTimeout(show, 0) : undefined;
    const observer =
      typeof IntersectionObserver === "function"
        ? new IntersectionObserver(([entry]) => entry?.isIntersecting && show(), { rootMargin: "100% 0px" })
        : undefined;
    if (ref.current) observer?.observe(ref.current);
    return () => {
      if (idle !== undefined) cancelIdleCallback(idle);
      clearTimeout(timer);
      observer?.disconnect();
    };
  }, [shown]);
  const placeholder = <div ref={ref} style={{ minHeight }} aria-busy="true" data-testid={testId} />;
  return shown ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder;
}
