"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useSubscription } from "@trpc/tanstack-react-query";
import { trpc } from "@/trpc/react";
import { useCurrentUser } from "../common/useCurrentUser";
import { refetchOnTick } from "../common/useLiveRefetch";

/**
 * Contest lists and pages follow sales, draws and edits live: the server ticks
 * `contests.onChange` after each commit (src/server/events) and the open queries refetch.
 */
export function useLiveContests() {
  const { user } = useCurrentUser();
  const queryClient = useQueryClient();
  useSubscription(
    trpc.contests.onChange.subscriptionOptions(undefined, {
      enabled: Boolean(user?.id),
      onData: () =>
        void refetchOnTick(
          queryClient,
          trpc.contests.list.pathFilter(),
          trpc.contests.byId.pathFilter(),
          trpc.contests.liveDraws.pathFilter(),
          // A drawn record never changes: only the ones still open or awaiting their draw refetch.
          trpc.contests.drawRecord.queryFilter(undefined, {
            predicate: (q) => !(q.state.data as { drawnAt?: unknown })?.drawnAt,
          }),
        ),
    }),
  );
}

/** `useLiveContests` as a leaf of its own: the player it waits for re-renders nothing around it. */
export function FollowLiveContests() {
  useLiveContests();
  return null;
}
