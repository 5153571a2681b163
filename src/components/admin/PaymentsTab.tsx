"use client";

import { Button, Card, Group, Loader, Stack, Table, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { formatUsd } from "@/shared/money";
import { api } from "@/trpc/react";
import { GatewayStatusBadge } from "../payments/PaymentStatusBadge";

/** Admin dashboard 'Payments' tab: pending payments with Approve and Reject (docs/product.md §2, §8). */
export function PaymentsTab() {
  const utils = api.useUtils();
  const pending = api.payments.pending.useQuery();
  const refresh = async () => {
    await Promise.all([utils.payments.pending.invalidate(), utils.auth.me.invalidate()]);
  };
  const approve = api.payments.approve.useMutation({
    onSuccess: async () => {
      notifications.show({ title: "Payment Approved", message: "Payment has been approved and user balance updated" });
      await refresh();
    },
    onError: async (e) => {
      notifications.show({ color: "red", title: "Approval Failed", message: e.message || "Failed to approve payment" });
      await refresh();
    },
  });
  const reject = api.payments.reject.useMutation({
    onSuccess: async () => {
      notifications.show({ title: "Payment Rejected", message: "Payment has been rejected" });
      await refresh();
    },
    onError: async (e) => {
      notifications.show({ color: "red", title: "Rejection Failed", message: e.message || "Failed to reject payment" });
      await refresh();
    },
  });
  const busyId = approve.isPending ? approve.variables?.id : reject.isPending ? reject.variables?.id : undefined;

  return (
    <Card withBorder radius="md" p="lg">
      <Stack>
        <Title order={3}>Pending Payments</Title>
        {pending.isLoading ? (
          <Loader />
        ) : pending.error ? (
          <Text c="red">{pending.error.message}</Text>
        ) : !pending.data?.length ? (
          <Text c="dimmed">No pending payments.</Text>
        ) : (
          <Table.ScrollContainer minWidth={800}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>User</Table.Th>
                  <Table.Th>Amount</Table.Th>
                  <Table.Th>Crypto</Table.Th>
                  <Table.Th>Track ID</Table.Th>
                  <Table.Th>Gateway status</Table.Th>
                  <Table.Th>Actions</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {pending.data.map((p) => (
                  <Table.Tr key={p.id} data-testid="pending-payment" data-track-id={p.oxapayTrackId}>
                    <Table.Td>{new Date(p.createdAt).toLocaleString()}</Table.Td>
                    <Table.Td>{p.userEmail}</Table.Td>
                    <Table.Td>{formatUsd(p.amount)}</Table.Td>
                    <Table.Td>
                      {p.cryptoCurrency}
                      {p.oxapayPayAmount ? ` ${p.oxapayPayAmount}` : ""}
                    </Table.Td>
                    <Table.Td>{p.oxapayTrackId}</Table.Td>
                    <Table.Td>
                      <GatewayStatusBadge status={p.gatewayStatus} />
                    </Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button size="xs" color="green" disabled={busyId === p.id} onClick={() => approve.mutate({ id: p.id })}>
                          Approve
                        </Button>
                        <Button
                          size="xs"
                          color="red"
                          variant="light"
                          disabled={busyId === p.id}
                          onClick={() => reject.mutate({ id: p.id })}
                        >
                          Reject
                        </Button>
                      </Group>
                    </Table.Td>
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
