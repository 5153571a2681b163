"use client";

import { useQuery } from "@tanstack/react-query";
import { useDeferredValue, useMemo } from "react";
import { trpc } from "@/trpc/react";
import { useHydrated } from "./useHydrated";

/**
 * A component mounting within this long of the last answer takes that answer: a page's parts mount
 * at different moments (the header's slots and the popups when their code arrives, the page after
 * hydrating), and each asked again, five times on a signed-in home's load. A mount later than this
 * refetches, and money and session events refetch at once (`refetchOnTick`).
 */
const USER_FRESH_ON_MOUNT_MS = 2_000;

/**
 * The signed-in user or null (docs/product.md §4: no retry; refetch on mount and window focus).
 * Every component that needs the user reads it here so one query serves the whole page.
 */
export function useCurrentUser() {
  const query = useQuery(
    trpc.auth.me.queryOptions(undefined, {
      retry: false,
      staleTime: 0,
      refetchOnMount: (q) => Date.now() - q.state.dataUpdatedAt > USER_FRESH_ON_MOUNT_MS,
      refetchOnWindowFocus: true,
    }),
  );
  // The server render never fetches the user: until hydration is over, answer "still loading" as the
  // server did, even when a query has meanwhile filled the cache (else React #418 on /admin, whose
  // chunk hydrates after the header has fetched the user).
  const hydrated = useHydrated();
  const user = query.data ?? null;
  const isLoading = query.isPending;
  const answer = useMemo(() => (hydrated ? { user, isLoading } : LOADING), [hydrated, user, isLoading]);
  // The player's arrival re-renders the header's slots and every buy button at once. Deferred, React
  // renders that at transition priority, in slices the browser can interleave with input and
  // painting, instead of one long task on a slow phone (bench/README.md). User and loading state
  // move together, so the header never shows "Sign In" in between.
  const shown = useDeferredValue(answer);
  return { ...shown, refetch: query.refetch };
}

const LOADING = { user: null, isLoading: true } as const;

/**
 * Whether the player's own queries (their standing, a contest's free-entry status) may go out: the
 * user is known, or this is a players' kept page (src/app/shell/), which is only ever served to a
 * valid session (docs/decisions/0009-first-paint-identity.md). There they go out in `auth.me`'s batch
 * (one round trip, one render of their answers) instead of after it. Should the session have ended in
 * between, they are refused and their callers show nothing, as for a visitor.
 */
export function playerQueriesEnabled(user: unknown): boolean {
  return Boolean(user) || (typeof document !== "undefined" && document.querySelector("[data-signed-in-page]") !== null);
}
