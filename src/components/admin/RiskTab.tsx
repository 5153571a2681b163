"use client";

import { Badge, Card, Group, Loader, Stack, Table, Text, Title } from "@mantine/core";
import { formatUsd } from "@/shared/money";
import { RISK_LABELS, RISK_THRESHOLDS as T } from "@/shared/safer-play";
import { useQuery } from "@tanstack/react-query";
import { trpc } from "@/trpc/react";

const MARKER_COLOR = { limits_hit: "orange", rising_spend: "red", many_top_ups: "grape" } as const;

/**
 * Admin dashboard 'Players at risk' tab (docs/admin.md): players whose last weeks show risk
 * markers, worked out on the server from the ledger and the top-ups (saferPlay.riskMarkers).
 */
export function RiskTab() {
  const list = useQuery(trpc.saferPlay.riskMarkers.queryOptions(undefined, { refetchInterval: 60_000 }));
  return (
    <Card withBorder radius="md" p="lg">
      <Stack>
        <Title order={3}>Players at risk</Title>
        <Text c="dimmed" size="sm">
          Markers: spend reached the daily limit on {T.limitDays}+ days in {T.limitDaysWindow}; spend rose {T.risingWeeks} weeks
          in a row to at least {formatUsd(String(T.risingMinUsd))} last week; {T.topUpsPerDay}+ top-ups on one day in the last{" "}
          {T.topUpWindowDays} days. Reach out through support chat; a player can be helped to set limits or take a break.
        </Text>
        {list.isLoading ? (
          <Loader aria-label="Loading players at risk" />
        ) : list.error ? (
          <Text c="red">{list.error.message}</Text>
        ) : !list.data?.length ? (
          <Text c="dimmed" data-testid="risk-empty">
            No player shows a risk marker right now.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={720}>
            <Table striped data-testid="risk-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Player</Table.Th>
                  <Table.Th>Markers</Table.Th>
                  <Table.Th>Days at daily limit</Table.Th>
                  <Table.Th>Weekly spend (latest first)</Table.Th>
                  <Table.Th>Most top-ups in a day</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.map((r) => (
                  <Table.Tr key={r.userId}>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {r.name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {r.email}
                        {r.selfExcluded ? " · self-excluded" : ""}
                        {r.closed ? " · closed" : ""}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        {r.markers.map((m) => (
                          <Badge key={m} color={MARKER_COLOR[m]} variant="light">
                            {RISK_LABELS[m]}
                          </Badge>
                        ))}
                      </Group>
                    </Table.Td>
                    <Table.Td>{r.limitDays}</Table.Td>
                    <Table.Td>{r.weeklySpend.length ? r.weeklySpend.map((w) => formatUsd(w)).join(" · ") : "—"}</Table.Td>
                    <Table.Td>{r.topUpsInADay}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}
