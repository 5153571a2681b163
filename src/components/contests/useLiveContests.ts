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
    },
  });
}
