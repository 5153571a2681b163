"use client";

import { api } from "@/trpc/react";
import { useCurrentUser } from "../common/useCurrentUser";

/**
 * Contest lists and pages follow sales, draws and edits live: the server ticks
 * `contests.onChange` after each commit (src/server/events) and the open queries refetch.
 */
export function useLiveContests() {
  const { user } = useCurrentUser();
  const utils = api.useUtils();
  api.contests.onChange.useSubscription(undefined, {
    enabled: Boolean(user?.id),
    onData: () => {
      void utils.contests.list.invalidate();
      void utils.contests.byId.invalidate();
      void utils.contests.liveDraws.invalidate();
      // A drawn record never changes: only the ones still open or awaiting their draw refetch.
      void utils.contests.drawRecord.invalidate(undefined, {
        predicate: (q) => !(q.state.data as { drawnAt?: unknown })?.drawnAt,
      });
    },
  });
}
