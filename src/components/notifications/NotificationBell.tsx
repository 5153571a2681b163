"use client";

import { IconBell } from "@tabler/icons-react";
import { lazy, Suspense, useState } from "react";
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSubscription } from "@trpc/tanstack-react-query";
import { trpc } from "@/trpc/react";
import type { PublicUser } from "@/trpc/types";
import { LightCount, LightIconButton } from "../common/LightButtons";
import { useCurrentUser } from "../common/useCurrentUser";
import { usePopupOnDemand } from "../common/usePopupOnDemand";
import { pollingFallback, refetchOnTick } from "../common/useLiveRefetch";

/** Fallback polling for the bell while its live stream is down (our choice, docs/product.md §9: 30 s). */
const NOTIFICATIONS_FALLBACK_POLL = 30_000;

// The popover (Mantine's Popover, floating-ui) loads when the pointer or focus reaches the bell.
const loadPopover = () => import("./NotificationPopover");
const NotificationPopover = lazy(() => loadPopover().then((m) => ({ default: m.NotificationPopover })));

/**
 * The stream's read of the header, taken as it is: a fetch of either still under way was sent
 * before the change the tick announces, so it is cancelled rather than left to overwrite the newer
 * answer. The list, when loaded, is read again (ticks do not carry it).
 */
async function takeHeaderState(queryClient: QueryClient, header: { me: PublicUser | null; unread: number }): Promise<void> {
  const me = trpc.auth.me.queryKey();
  const unread = trpc.notifications.unreadCount.queryKey();
  await Promise.all([queryClient.cancelQueries({ queryKey: me }), queryClient.cancelQueries({ queryKey: unread })]);
  queryClient.setQueryData(me, header.me);
  queryClient.setQueryData(unread, header.unread);
  await refetchOnTick(queryClient, trpc.notifications.list.pathFilter());
}

export function badgeLabel(count: number): string {
  return count > 9 ? "9+" : String(count);
}

/** Header bell with unread badge and popover (docs/product.md §2 and §4). */
export function NotificationBell() {
  const { user } = useCurrentUser();
  const enabled = Boolean(user?.id);
  const queryClient = useQueryClient();
  const sub = useSubscription(
    trpc.notifications.onChange.subscriptionOptions(undefined, {
      enabled,
      // Every tick carries the player and the count, read after the change it announces
      // (docs/product.md §7): every money event (a top-up approved, a withdrawal settled, a prize's
      // cash, a refund) comes with a notification, so the header's balance follows at once.
      onData: (tick) => void takeHeaderState(queryClient, tick.header),
    }),
  );
  const poll = pollingFallback(sub.status, NOTIFICATIONS_FALLBACK_POLL);
  // The badge needs only the count; the list loads when the popover is first opened (or the pointer
  // or focus reaches the bell), not with every signed-in page, and stays live from then on.
  const [listWanted, setListWanted] = useState(false);
  const wantList = () => setListWanted(true);
  const list = useQuery(
    trpc.notifications.list.queryOptions(undefined, { enabled: enabled && listWanted, refetchInterval: poll }),
  );
  // The count comes with the stream's ticks: it is asked for only while the stream is down (then
  // polled), and after a change of its own (marking read) once a tick has brought it.
  const countKnown = queryClient.getQueryData(trpc.notifications.unreadCount.queryKey()) !== undefined;
  const unread = useQuery(
    trpc.notifications.unreadCount.queryOptions(undefined, {
      enabled: enabled && (countKnown || sub.status === "error"),
      refetchInterval: poll,
    }),
  );
  const refresh = () => {
    void queryClient.invalidateQueries(trpc.notifications.list.pathFilter());
    void queryClient.invalidateQueries(trpc.notifications.unreadCount.pathFilter());
  };
  const markRead = useMutation(trpc.notifications.markRead.mutationOptions({ onSuccess: refresh }));
  const markAll = useMutation(trpc.notifications.markAllRead.mutationOptions({ onSuccess: refresh }));
  // The list starts loading with the popover's code: on the pointer or focus reaching the bell.
  const popup = usePopupOnDemand(loadPopover, wantList);
  if (!enabled) return null;
  const count = unread.data ?? 0;

  // Until the popover is wanted, and while its code arrives, the bell as a plain button.
  const plain = (
    <LightIconButton variant="subtle" aria-label="Notifications" {...popup.triggerProps}>
      <IconBell size={22} />
    </LightIconButton>
  );

  return (
    // The popover's ARIA (aria-expanded, aria-controls) belongs on the button, not on the badge's div.
    <LightCount label={badgeLabel(count)} hidden={count === 0} data-testid="notification-badge">
      {popup.active ? (
        <Suspense fallback={plain}>
          <NotificationPopover
            focusOnOpen={popup.focusOnOpen}
            count={count}
            list={list.data}
            loading={list.isPending}
            markRead={(id) => markRead.mutate({ id })}
            markAll={() => markAll.mutate()}
            markingAll={markAll.isPending}
          />
        </Suspense>
      ) : (
        plain
      )}
    </LightCount>
  );
}
