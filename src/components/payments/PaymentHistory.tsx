"use client";

import { Anchor, Container, Group, Loader, Stack, Table, Text, Title } from "@mantine/core";
import { formatUsd } from "@/shared/money";
import { api } from "@/trpc/react";
import { useCurrentUser } from "../auth/useCurrentUser";
import { GatewayStatusBadge, PaymentStatusBadge } from "./PaymentStatusBadge";
import { DateTime } from "@/components/layout/useTimeZone";

/** A player's own top-ups with their statuses (beyond docs/product.md). */
export function PaymentHistory() {
  const { user, isLoading } = useCurrentUser();
  const payments = api.payments.mine.useQuery(undefined, { enabled: Boolean(user) });
  if (isLoading) return <Loader m="xl" />;
  if (!user) {
    return (
      <Container py="xl">
        <Text>
          Please <Anchor href="/api/login">log in</Anchor> to see your payments.
        </Text>
      </Container>
    );
  }
  return (
    <Container size="lg" py="xl">
      <Stack>
        <Group justify="space-between">
          <Title order={1}>My Payments</Title>
          <Text>
            Balance:{" "}
            <Text span fw={700} data-testid="balance">
              {formatUsd(user.balance)}
            </Text>
          </Text>
        </Group>
        {payments.isLoading ? (
          <Loader />
        ) : !payments.data?.length ? (
          <Text c="dimmed">No payments yet. Use Add Balance to top up.</Text>
        ) : (
          <Table.ScrollContainer minWidth={700}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Amount</Table.Th>
                  <Table.Th>Method</Table.Th>
                  <Table.Th>Track ID</Table.Th>
                  <Table.Th>Gateway</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {payments.data.map((p) => (
                  <Table.Tr key={p.id} data-testid="payment-row">
                    <Table.Td>
                      <DateTime value={p.createdAt} />
                    </Table.Td>
                    <Table.Td>
                      {formatUsd(p.amount)}
                      {p.creditedAmount && p.creditedAmount !== p.amount && (
                        <Text size="xs" c="orange">
                          {formatUsd(p.creditedAmount)} credited
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {p.cryptoCurrency}
                      {p.payAmount ? ` (${p.payAmount})` : ""}
                      {p.network && p.network !== p.cryptoCurrency ? ` · ${p.network}` : ""}
                    </Table.Td>
                    <Table.Td>{p.trackId}</Table.Td>
                    <Table.Td>
                      <GatewayStatusBadge status={p.gatewayStatus} />
                    </Table.Td>
                    <Table.Td>
                      <PaymentStatusBadge status={p.status} />
                      {p.rejectionReason && (
                        <Text size="xs" c="dimmed">
                          {p.rejectionReason}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {p.status === "pending" && (
                        <Anchor href={p.payLink} target="_blank" size="sm">
                          Payment page
                        </Anchor>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Container>
  );
}
