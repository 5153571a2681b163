"use client";

import { Button, Card, Group, Loader, Modal, Stack, Table, Text, Textarea, Title } from "@mantine/core";
import { useState } from "react";
import { formatUsd } from "@/shared/money";
import { api } from "@/trpc/react";
import { StatusPill } from "../withdrawals/WithdrawalStatusBadge";
import { toastFailure, toastSuccess } from "./toasts";
import { ExportCsvButton } from "./ExportCsvButton";

/** Admin dashboard 'Withdrawals' tab: pending first; Approve sends the payout, Reject asks for a reason. */
export function WithdrawalsTab() {
  const utils = api.useUtils();
  const list = api.withdrawals.adminList.useQuery(undefined, { refetchInterval: 15_000 });
  const refresh = () => utils.withdrawals.adminList.invalidate();
  const approve = api.withdrawals.approve.useMutation({
    onSuccess: async (r) => {
      toastSuccess("Withdrawal Approved", r.message);
      await refresh();
    },
    onError: async (e) => {
      toastFailure("Approval Failed", e, "Failed to approve the withdrawal");
      await refresh();
    },
  });
  const [rejecting, setRejecting] = useState<string | null>(null);
  const [reason, setReason] = useState("");
  const reject = api.withdrawals.reject.useMutation({
    onSuccess: async () => {
      toastSuccess("Withdrawal Rejected", "The amount is back in the player's balance");
      setRejecting(null);
      setReason("");
      await refresh();
    },
    onError: (e) => toastFailure("Rejection Failed", e, "Failed to reject the withdrawal"),
  });

  return (
    <Card withBorder radius="md" p="lg">
      <Stack>
        <Group justify="space-between" wrap="wrap">
          <Title order={3}>Withdrawals</Title>
          <ExportCsvButton href="/api/admin/export/withdrawals.csv" />
        </Group>
        {list.isLoading ? (
          <Loader />
        ) : list.error ? (
          <Text c="red">{list.error.message}</Text>
        ) : !list.data?.length ? (
          <Text c="dimmed">No withdrawals yet.</Text>
        ) : (
          <Table.ScrollContainer minWidth={900}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Date</Table.Th>
                  <Table.Th>Player</Table.Th>
                  <Table.Th>Amount</Table.Th>
                  <Table.Th>Currency</Table.Th>
                  <Table.Th>Address</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.map((w) => (
                  <Table.Tr key={w.id} data-testid="admin-withdrawal-row">
                    <Table.Td>{new Date(w.createdAt).toLocaleString()}</Table.Td>
                    <Table.Td>{w.user.email}</Table.Td>
                    <Table.Td>{formatUsd(w.amount)}</Table.Td>
                    <Table.Td>
                      {w.cryptoCurrency} ({w.network})
                    </Table.Td>
                    <Table.Td>
                      <Text size="xs" ff="monospace" style={{ wordBreak: "break-all" }}>
                        {w.address}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <StatusPill status={w.status} />
                      {(w.txid || w.rejectionReason || w.failureReason) && (
                        <Text size="xs" c="dimmed" style={{ wordBreak: "break-all" }}>
                          {w.txid ?? w.rejectionReason ?? w.failureReason}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {w.status === "pending" && (
                        <Group gap="xs" wrap="nowrap">
                          <Button
                            size="xs"
                            color="green"
                            onClick={() => approve.mutate({ id: w.id })}
                            loading={approve.isPending && approve.variables?.id === w.id}
                          >
                            Approve
                          </Button>
                          <Button size="xs" color="red" variant="light" onClick={() => setRejecting(w.id)}>
                            Reject
                          </Button>
                        </Group>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <Modal opened={rejecting !== null} onClose={() => setRejecting(null)} title="Reject withdrawal">
        <Stack>
          <Textarea
            label="Reason (shown to the player)"
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            maxLength={500}
            autosize
            minRows={2}
          />
          <Button
            color="red"
            disabled={!reason.trim()}
            loading={reject.isPending}
            onClick={() => rejecting && reject.mutate({ id: rejecting, reason })}
          >
            Reject and return the amount
          </Button>
        </Stack>
      </Modal>
    </Card>
  );
}
