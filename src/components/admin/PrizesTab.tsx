"use client";

import { Button, Card, Group, Loader, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import { formatUsd } from "@/shared/money";
import { PRIZE_STATUS_LABELS, type PrizeStatusName } from "@/shared/prizes";
import { api } from "@/trpc/react";
import { StatusPill } from "../common/WithdrawalStatusBadge";
import { TOAST, toastError, toastSuccess } from "@/components/common/toasts";

type Delivery = {
  fullName?: string;
  addressLine1?: string;
  addressLine2?: string;
  city?: string;
  postcode?: string;
  country?: string;
  phone?: string;
};

/** Admin dashboard 'Prizes' tab: requested prizes first; mark them shipped (with a note) and delivered. */
export function PrizesTab() {
  const utils = api.useUtils();
  const list = api.prizes.adminList.useQuery();
  const [notes, setNotes] = useState<Record<string, string>>({});
  const setStatus = api.prizes.setStatus.useMutation({
    onSuccess: async (p) => {
      toastSuccess(TOAST.prizeUpdated, `Marked ${p.status}`);
      await utils.prizes.adminList.invalidate();
    },
    onError: (e) => toastError(TOAST.updateFailed, e, "Failed to update the prize"),
  });
  return (
    <Card withBorder radius="md" p="lg">
      <Stack>
        <Title order={3}>Prizes</Title>
        {list.isLoading ? (
          <Loader />
        ) : list.error ? (
          <Text c="red">{list.error.message}</Text>
        ) : !list.data?.length ? (
          <Text c="dimmed">No prizes yet.</Text>
        ) : (
          <Table.ScrollContainer minWidth={900}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Contest</Table.Th>
                  <Table.Th>Winner</Table.Th>
                  <Table.Th>Cash alternative</Table.Th>
                  <Table.Th>Delivery</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.map((p) => {
                  const d = (p.delivery ?? null) as Delivery | null;
                  const next = p.status === "prize_requested" ? "shipped" : p.status === "shipped" ? "delivered" : null;
                  return (
                    <Table.Tr key={p.id} data-testid="admin-prize-row">
                      <Table.Td>{p.contestTitle}</Table.Td>
                      <Table.Td>{p.user.email}</Table.Td>
                      <Table.Td>{p.cashAlternative ? formatUsd(p.cashAlternative) : "—"}</Table.Td>
                      <Table.Td>
                        {d ? (
                          <Text size="xs">
                            {[d.fullName, d.addressLine1, d.addressLine2, d.city, d.postcode, d.country, d.phone]
                              .filter(Boolean)
                              .join(", ")}
                          </Text>
                        ) : (
                          "—"
                        )}
                      </Table.Td>
                      <Table.Td>
                        <StatusPill status={p.status} label={PRIZE_STATUS_LABELS[p.status as PrizeStatusName]} />
                        {p.note && (
                          <Text size="xs" c="dimmed">
                            {p.note}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        {next && (
                          <Group gap="xs" wrap="nowrap">
                            {next === "shipped" && (
                              <TextInput
                                size="xs"
                                placeholder="Tracking note"
                                aria-label="Tracking note"
                                value={notes[p.id] ?? ""}
                                onChange={(e) => setNotes({ ...notes, [p.id]: e.currentTarget.value })}
                              />
                            )}
                            <Button
                              size="xs"
                              onClick={() => setStatus.mutate({ id: p.id, status: next, note: notes[p.id] || undefined })}
                              loading={setStatus.isPending && setStatus.variables?.id === p.id}
                            >
                              Mark {next}
                            </Button>
                          </Group>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Card>
  );
}
