"use client";

import { Alert, Paper, SimpleGrid, Skeleton, Table, Text, Title } from "@mantine/core";
import { api } from "@/trpc/react";

const pct = (p: number) => `${(p * 100).toFixed(2)}%`;

/** The wheel's odds and what a paid spin pays out on average (src/shared/wheel.ts), made visible to admins. */
export function WheelEconomicsPanel() {
  const query = api.wheel.economics.useQuery(undefined, { staleTime: 0 });
  if (!query.data) return <Skeleton h={220} />;
  const data = query.data.expected;
  const actual = query.data.actual;
  const losing = data.returnToPlayer > 1;
  return (
    <Paper withBorder p="md" radius="md" data-testid="wheel-economics">
      <Title order={3} size="h5" mb="sm">
        Fortune Wheel economics
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} mb="sm">
        <Text size="sm">
          Paid spin price: <b>${data.spinPrice}</b>
        </Text>
        <Text size="sm">
          Expected payout per paid spin: <b>${data.expectedPayoutPerPaidSpin.toFixed(6)}</b>
        </Text>
        <Text size="sm">
          Return to player: <b>{pct(data.returnToPlayer)}</b>
        </Text>
      </SimpleGrid>
      <Text size="sm" c="dimmed" mb="sm">
        So far: {actual.spins} spins ({actual.paidSpins} paid), collected ${actual.collected}, paid out ${actual.paidOut}.
      </Text>
      {losing && (
        <Alert color="orange" mb="sm" title="Paid spins pay out more than they cost">
          With the specification's odds and prizes, each paid spin loses the house money on average (TRY AGAIN re-spins included).
        </Alert>
      )}
      <Table striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Segment</Table.Th>
            <Table.Th>Prize</Table.Th>
            <Table.Th>Probability</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.segments.map((s, i) => (
            <Table.Tr key={i}>
              <Table.Td>{s.label}</Table.Td>
              <Table.Td>{s.prize === "0" || s.prize === "0.00" ? "—" : `$${s.prize}`}</Table.Td>
              <Table.Td>{pct(s.probability)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
