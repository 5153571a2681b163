"use client";

import { Alert, Badge, Group, Stack, Text } from "@mantine/core";
import { Spinner } from "@/components/common/QueryState";
import { DateTime } from "@/components/common/useTimeZone";
import { PRIZE_STATUS_LABELS, type PrizeStatusName } from "@/shared/prizes";
import { useQuery } from "@tanstack/react-query";
import { trpc } from "@/trpc/react";

/** Prize fulfilments past the target (PRIZE_FULFILMENT_TARGET_DAYS), on the overview and the Prizes tab. */
export function OverdueFulfilments() {
  const overdue = useQuery(trpc.prizes.adminOverdue.queryOptions());
  if (overdue.isLoading) return <Spinner size="sm" label="Loading overdue fulfilments" />;
  if (overdue.error) return <Text c="red">{overdue.error.message}</Text>;
  const data = overdue.data;
  if (!data) return null;
  if (data.prizes.length === 0) {
    return (
      <Text size="sm" c="dimmed" data-testid="overdue-fulfilments">
        No prize fulfilment is past the {data.targetDays}-day target.
      </Text>
    );
  }
  return (
    <Alert color="orange" title={`Overdue prize fulfilments (target ${data.targetDays} days)`} data-testid="overdue-fulfilments">
      <Stack gap={4}>
        {data.prizes.map((p) => (
          <Group key={p.id} gap="xs" wrap="wrap">
            <Text size="sm" fw={600}>
              {p.contestTitle}
            </Text>
            <Badge color="orange" variant="light">
              {p.daysOverdue} days overdue
            </Badge>
            <Text size="xs">{PRIZE_STATUS_LABELS[p.status as PrizeStatusName]}</Text>
            <Text size="xs" c="dimmed">
              {p.user.email}, requested <DateTime value={p.requestedAt} style="date" />
            </Text>
          </Group>
        ))}
      </Stack>
    </Alert>
  );
}
