"use client";

import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Group,
  Indicator,
  Popover,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
} from "@mantine/core";
import { IconAlertCircle, IconAlertTriangle, IconBell, IconCircleCheck, IconInfoCircle, IconTrophy } from "@tabler/icons-react";
import { LIMITS } from "@/shared/constants";
import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSubscription } from "@trpc/tanstack-react-query";
import { trpc } from "@/trpc/react";
import { useCurrentUser } from "../common/useCurrentUser";
import { timeLabel } from "../common/timeLabel";
import { pollingFallback, refetchOnTick } from "../common/useLiveRefetch";

/** Fallback polling for the bell while its live stream is down (our choice, docs/product.md §9: 30 s). */
const NOTIFICATIONS_FALLBACK_POLL = 30_000;

const TYPE_ICONS = {
  contest_result: { icon: IconTrophy, color: "yellow" },
  success: { icon: IconCircleCheck, color: "green" },
  warning: { icon: IconAlertTriangle, color: "orange" },
  error: { icon: IconAlertCircle, color: "red" },
  other: { icon: IconInfoCircle, color: "blue" },
} as const;

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
      // Every money event (a top-up approved, a withdrawal settled, a prize's cash, a refund) comes
      // with a notification: the header's balance is read again with the bell, not at the next tab switch.
      onData: () =>
        void refetchOnTick(
          queryClient,
          trpc.notifications.list.pathFilter(),
          trpc.notifications.unreadCount.pathFilter(),
          trpc.auth.me.pathFilter(),
        ),
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
  const unread = useQuery(trpc.notifications.unreadCount.queryOptions(undefined, { enabled, refetchInterval: poll }));
  const refresh = () => {
    void queryClient.invalidateQueries(trpc.notifications.list.pathFilter());
    void queryClient.invalidateQueries(trpc.notifications.unreadCount.pathFilter());
  };
  const markRead = useMutation(trpc.notifications.markRead.mutationOptions({ onSuccess: refresh }));
  const markAll = useMutation(trpc.notifications.markAllRead.mutationOptions({ onSuccess: refresh }));
  if (!enabled) return null;
  const count = unread.data ?? 0;

  return (
    // The popover's ARIA (aria-expanded, aria-controls) belongs on the button, not on the badge's div.
    <Indicator label={badgeLabel(count)} size={18} color="red" disabled={count === 0} offset={4} data-testid="notification-badge">
      <Popover width={360} position="bottom-end" shadow="md" withinPortal onOpen={wantList}>
        <Popover.Target>
          <ActionIcon variant="subtle" size="lg" aria-label="Notifications" onPointerEnter={wantList} onFocus={wantList}>
            <IconBell size={22} />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown p={0}>
          <Group justify="space-between" p="sm">
            <Text fw={700}>Notifications</Text>
            {count > 0 && (
              <Button variant="subtle" size="compact-xs" onClick={() => markAll.mutate()} loading={markAll.isPending}>
                Mark all as read
              </Button>
            )}
          </Group>
          <ScrollArea.Autosize mah={400}>
            {list.isPending ? (
              <Stack p="sm" gap="sm" data-testid="notifications-loading">
                {Array.from({ length: LIMITS.listPlaceholders }, (_, i) => (
                  <Skeleton key={i} height={48} radius="sm" />
                ))}
              </Stack>
            ) : !list.data?.length ? (
              <Text c="dimmed" ta="center" p="md" size="sm">
                No notifications yet
              </Text>
            ) : (
              <Stack gap={0}>
                {list.data.map((n) => {
                  const { icon: Icon, color } = TYPE_ICONS[n.type] ?? TYPE_ICONS.other;
                  return (
                    <UnstyledButton
                      key={n.id}
                      data-testid="notification-item"
                      data-unread={!n.isRead || undefined}
                      onClick={() => {
                        if (!n.isRead) markRead.mutate({ id: n.id });
                      }}
                      p="sm"
                      style={{
                        borderTop: "1px solid var(--mantine-color-gray-2)",
                        background: n.isRead ? undefined : "var(--mantine-color-blue-0)",
                      }}
                    >
                      <Group align="flex-start" wrap="nowrap" gap="sm">
                        <Icon size={20} color={`var(--mantine-color-${color}-6)`} aria-label={n.type} />
                        <Box style={{ flex: 1, minWidth: 0 }}>
                          <Group justify="space-between" wrap="nowrap" gap="xs">
                            <Text size="sm" fw={n.isRead ? 500 : 700} truncate>
                              {n.title}
                            </Text>
                            <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
                              {timeLabel(n.createdAt)}
                            </Text>
                          </Group>
                          <Text size="sm" c="dimmed" lineClamp={3}>
                            {n.message}
                          </Text>
                        </Box>
                        {!n.isRead && <Badge size="xs" circle color="blue" aria-label="Unread" p={4} />}
                      </Group>
                    </UnstyledButton>
                  );
                })}
              </Stack>
            )}
          </ScrollArea.Autosize>
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}
