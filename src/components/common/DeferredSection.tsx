"use client";

import { type ReactNode, Suspense, startTransition, useEffect, useRef, useState } from "react";

/**
 * How close to the viewport a deferred section starts loading: half a screen before it scrolls into
 * view, so a player scrolling down finds it drawn, while a page opened and read above the fold never
 * loads it. On a phone a contest page's proof sections begin about two screens down.
 */
const ROOT_MARGIN = "50% 0px";

/**
 * Content below the fold that a page's first paint and first interaction do not need (a contest
 * page's proof sections): its code and its data load when it comes within half a screen of view,
 * not with the page. `children` is typically a `lazy` component, so its code is a chunk of its own.
 * Until then, a placeholder of `minHeight` keeps the page's length, and the server render carries
 * only the placeholder. It renders in a transition: in slices of a few milliseconds, not one long task.
 *
 * Not on idle as well: a phone that loaded the page still paid for sections nobody scrolled to
 * (their chunk, three reads and their render; bench/README.md "2026-11-29, night"). Keyboard and
 * screen-reader users get it with their first focus move, before they reach it.
 */
export function DeferredSection({
  children,
  minHeight,
  testId,
  stand,
}: {
  children: ReactNode;
  minHeight?: number;
  testId?: string;
  /** What the placeholder shows meanwhile (a card's title), server-rendered; empty by default. */
  stand?: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (shown) return;
    // A transition: the section renders in slices the browser interleaves with input, and the
    // placeholder stays until its code has arrived (no fallback flash).
    const show = () => startTransition(() => setShown(true));
    if (typeof IntersectionObserver !== "function" || !ref.current) {
      const timer = setTimeout(show, 0);
      return () => clearTimeout(timer);
    }
    const observer = new IntersectionObserver(([entry]) => entry?.isIntersecting && show(), { rootMargin: ROOT_MARGIN });
    observer.observe(ref.current);
    // Someone moving by keyboard or a screen reader's focus would otherwise pass the placeholder, reach
    // the footer, and have the sections appear behind them: the first focus move loads them at once.
    document.addEventListener("focusin", show, { once: true });
    return () => {
      observer.disconnect();
      document.removeEventListener("focusin", show);
    };
  }, [shown]);
  const placeholder = (
    <div ref={ref} style={{ minHeight }} aria-busy="true" data-testid={testId}>
      {stand}
    </div>
  );
  return shown ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder;
}
