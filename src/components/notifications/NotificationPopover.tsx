"use client";

import { Badge, Box, Button, Group, Popover, ScrollArea, Skeleton, Stack, Text, UnstyledButton } from "@mantine/core";
import { IconAlertCircle, IconAlertTriangle, IconBell, IconCircleCheck, IconInfoCircle, IconTrophy } from "@tabler/icons-react";
import { LIMITS } from "@/shared/constants";
import type { RouterOutputs } from "@/trpc/types";
import { LightIconButton } from "../common/LightButtons";
import { useMountedOpen } from "../common/usePopupOnDemand";
import { timeLabel } from "../common/timeLabel";

const TYPE_ICONS = {
  contest_result: { icon: IconTrophy, color: "yellow" },
  success: { icon: IconCircleCheck, color: "green" },
  warning: { icon: IconAlertTriangle, color: "orange" },
  error: { icon: IconAlertCircle, color: "red" },
  other: { icon: IconInfoCircle, color: "blue" },
} as const;

/**
 * The bell's popover (src/components/notifications/NotificationBell.tsx renders the bell alone until
 * it is first wanted: src/components/common/usePopupOnDemand.ts). Mounted open; the list, the counts
 * and the mutations stay with the bell, which keeps them live.
 */
export function NotificationPopover({
  focusOnOpen,
  count,
  list,
  loading,
  markRead,
  markAll,
  markingAll,
}: {
  focusOnOpen: boolean;
  count: number;
  list: RouterOutputs["notifications"]["list"] | undefined;
  loading: boolean;
  markRead: (id: string) => void;
  markAll: () => void;
  markingAll: boolean;
}) {
  const { opened, setWanted, target } = useMountedOpen(focusOnOpen);
  return (
    <Popover width={360} position="bottom-end" shadow="md" withinPortal opened={opened} onChange={setWanted}>
      <Popover.Target>
        <LightIconButton ref={target} variant="subtle" aria-label="Notifications" onClick={() => setWanted((o) => !o)}>
          <IconBell size={22} />
        </LightIconButton>
      </Popover.Target>
      <Popover.Dropdown p={0}>
        <Group justify="space-between" p="sm">
          <Text fw={700}>Notifications</Text>
          {count > 0 && (
            <Button variant="subtle" size="compact-xs" onClick={markAll} loading={markingAll}>
              Mark all as read
            </Button>
          )}
        </Group>
        <ScrollArea.Autosize mah={400}>
          {loading ? (
            <Stack p="sm" gap="sm" data-testid="notifications-loading">
              {Array.from({ length: LIMITS.listPlaceholders }, (_, i) => (
                <Skeleton key={i} height={48} radius="sm" />
              ))}
            </Stack>
          ) : !list?.length ? (
            <Text c="dimmed" ta="center" p="md" size="sm">
              No notifications yet
            </Text>
          ) : (
            <Stack gap={0}>
              {list.map((n) => {
                const { icon: Icon, color } = TYPE_ICONS[n.type] ?? TYPE_ICONS.other;
                return (
                  <UnstyledButton
                    key={n.id}
                    data-testid="notification-item"
                    data-unread={!n.isRead || undefined}
                    onClick={() => {
                      if (!n.isRead) markRead(n.id);
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
  );
}
