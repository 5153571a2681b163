"use client";

import { useStaffAccess } from "./useStaffAccess";
import { formatCount } from "@/shared/format";
import { Card, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core";
import { formatUsd } from "@/shared/money-format";
import { useQuery } from "@tanstack/react-query";
import { trpc } from "@/trpc/react";
import { OverdueFulfilments } from "./OverdueFulfilments";
import { ProofsPanel } from "./ProofsPanel";
import { ContestStatusBadge } from "./StatusBadge";
import { DateTime } from "@/components/common/useTimeZone";

export function StatCard({ label, value, hint }: { label: string; value: string | number; hint: string }) {
  return (
    <Card withBorder padding="lg" radius="md" data-testid="stat-card">
      <Text size="sm" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text fz={28} fw={800}>
        {typeof value === "number" ? formatCount(value) : value}
      </Text>
      <Text size="sm" c="dimmed">
        {hint}
      </Text>
    </Card>
  );
}

export function OverviewTab() {
  const overview = useQuery(trpc.admin.overview.queryOptions(undefined, { staleTime: 0, refetchOnMount: true }));
  const { can } = useStaffAccess();
  const data = overview.data;
  if (!data) {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h={110} />
        ))}
      </SimpleGrid>
    );
  }
  const s = data.stats;
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
        <StatCard label="Total Users" value={s.totalUsers} hint={`+${formatCount(s.weeklySignups)} this week`} />
        <StatCard label="Total Revenue" value={formatUsd(s.totalRevenue)} hint={`${formatUsd(s.monthlyRevenue)} this month`} />
        <StatCard label="Active Contests" value={s.activeContests} hint={`${formatCount(s.totalContests)} total contests`} />
        <StatCard label="Pending Payments" value={s.pendingPayments} hint="Require approval" />
      </SimpleGrid>
      {can("prizes.adminOverdue") && <OverdueFulfilments />}
      <ProofsPanel />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Paper withBorder p="md" radius="md">
          <Title order={3} size="h4" mb="sm">
            Pending Payments
          </Title>
          {data.pendingPayments.length === 0 ? (
            <Text c="dimmed">No pending payments</Text>
          ) : (
            <Stack gap="xs">
              {data.pendingPayments.map((p) => (
                <Group key={p.id} justify="space-between">
                  <div>
                    <Text fw={600}>{formatUsd(p.amount)}</Text>
                    <Text size="sm" c="dimmed">
                      {p.userEmail} · {p.cryptoCurrency}
                    </Text>
                  </div>
                  <Text size="sm" c="dimmed">
                    <DateTime value={p.createdAt} />
                  </Text>
                </Group>
              ))}
            </Stack>
          )}
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Title order={3} size="h4" mb="sm">
            Recent Contests
          </Title>
          <Stack gap="xs">
            {data.contests.map((c) => (
              <Group key={c.id} justify="space-between" wrap="nowrap">
                <div>
                  <Text fw={600} lineClamp={1}>
                    {c.title}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {formatUsd(c.ticketPrice)} · {formatCount(c.soldTickets)} sold
                  </Text>
                </div>
                <ContestStatusBadge status={c.status} />
              </Group>
            ))}
          </Stack>
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}
