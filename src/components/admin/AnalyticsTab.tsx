"use client";

import { formatCount } from "@/shared/format";
import { WheelEconomicsPanel } from "./WheelEconomicsPanel";
import { AreaChart, BarChart } from "@mantine/charts";
import { Paper, SimpleGrid, Skeleton, Stack, Title } from "@mantine/core";
import { formatUsd } from "@/shared/money-format";
import { useQuery } from "@tanstack/react-query";
import { trpc } from "@/trpc/react";
import { StatCard } from "./OverviewTab";

export function AnalyticsTab() {
  const analytics = useQuery(trpc.admin.analytics.queryOptions(undefined, { staleTime: 0, refetchOnMount: true }));
  const data = analytics.data;
  if (!data) return <Skeleton h={400} />;
  const s = data.stats;
  const days = data.days.map((d) => ({ ...d, label: d.date.slice(5) }));
  return (
    <Stack gap="lg">
      <Title order={2} size="h3">
        Revenue
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <StatCard label="Total Revenue" value={formatUsd(s.totalRevenue)} hint="All approved top-ups" />
        <StatCard label="Monthly Revenue" value={formatUsd(s.monthlyRevenue)} hint="Approved in the last 30 days" />
        <StatCard label="Total Payments" value={s.totalPayments} hint="Approved payments" />
      </SimpleGrid>
      <Paper withBorder p="md" radius="md">
        <Title order={3} size="h5" mb="sm">
          Daily revenue, last 30 days
        </Title>
        <BarChart
          h={240}
          data={days}
          dataKey="label"
          series={[{ name: "revenue", label: "Revenue ($)", color: "teal.6" }]}
          valueFormatter={(v) => formatUsd(v)}
        />
      </Paper>
      <Title order={2} size="h3">
        User Growth
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <StatCard label="Total Users" value={s.totalUsers} hint={`Players' balances ${formatUsd(s.totalBalance)}`} />
        <StatCard label="Weekly Signups" value={s.weeklySignups} hint="Last 7 days" />
        <StatCard label="Active Contests" value={s.activeContests} hint={`${formatCount(s.totalContests)} total contests`} />
      </SimpleGrid>
      <Paper withBorder p="md" radius="md">
        <Title order={3} size="h5" mb="sm">
          Users and sign-ups, last 30 days
        </Title>
        <AreaChart
          h={240}
          data={days}
          dataKey="label"
          series={[
            { name: "users", label: "Total users", color: "blue.6" },
            { name: "signups", label: "Sign-ups", color: "orange.6" },
          ]}
        />
      </Paper>
      <WheelEconomicsPanel />
    </Stack>
  );
}
