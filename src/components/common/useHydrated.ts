"use client";

import { startTransition, useEffect, useState, useSyncExternalStore } from "react";

const noSubscription = () => () => {};

/**
 * False while React hydrates server HTML (and on the server), true afterwards; true at once for a
 * component that mounts later in the browser.
 *
 * Why not `useSyncExternalStore(…, () => true, () => false)`: after hydration React sees the two
 * snapshots differ and re-renders every such component synchronously, in one task, with everything
 * under it: on a signed-in contest page that was the longest task of the load
 * (`npm run bench:main-thread`). Here the switch is a transition, which React renders in slices that
 * leave the main thread free. The server snapshot is asked for only while hydrating, which is how a
 * component tells hydration from a later mount (a dialog opened afterwards shows its data at once).
 */
export function useHydrated(): boolean {
  let hydrating = false;
  useSyncExternalStore(
    noSubscription,
    () => false,
    () => {
      hydrating = true;
      return false;
    },
  );
  const [hydrated, setHydrated] = useState(!hydrating);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
