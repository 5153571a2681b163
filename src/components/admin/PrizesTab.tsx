"use client";

import { Button, Card, Group, Loader, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import { formatUsd } from "@/shared/money";
import { PRIZE_STATUS_LABELS, type PrizeStatusName } from "@/shared/prizes";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { trpc } from "@/trpc/react";
import { StatusPill } from "../common/WithdrawalStatusBadge";
import { TOAST, toastError, toastSuccess } from "@/components/common/toasts";
import { OverdueFulfilments } from "./OverdueFulfilments";

type Delivery = {
  fullName?: string;
  addressLine1?: string;
  addressLine2?: string;
  city?: string;
  postcode?: string;
  country?: string;
  phone?: string;
};

/**
 * Admin dashboard 'Prizes' tab: disputed and requested prizes first; mark them shipped (carrier and
 * tracking reference, which the public trail shows) and delivered. Overdue fulfilments on top.
 */
export function PrizesTab() {
  const queryClient = useQueryClient();
  const list = useQuery(trpc.prizes.adminList.queryOptions());
  const [tracking, setTracking] = useState<Record<string, { carrier: string; trackingRef: string }>>({});
  const trackingOf = (id: string) => tracking[id] ?? { carrier: "", trackingRef: "" };
  const setStatus = useMutation(
    trpc.prizes.setStatus.mutationOptions({
      onSuccess: async (p) => {
        toastSuccess(TOAST.prizeUpdated, `Marked ${p.status}`);
        await Promise.all([
          queryClient.invalidateQueries(trpc.prizes.adminList.pathFilter()),
          queryClient.invalidateQueries(trpc.prizes.adminOverdue.pathFilter()),
        ]);
      },
      onError: (e) => toastError(TOAST.updateFailed, e, "Failed to update the prize"),
    }),
  );
  return (
    <Card withBorder radius="md" p="lg">
      <Stack>
        <OverdueFulfilments />
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
                  const canShip = p.status === "prize_requested" || p.status === "disputed";
                  const canDeliver = p.status === "shipped" || p.status === "disputed";
                  const t = trackingOf(p.id);
                  const busy = setStatus.isPending && setStatus.variables?.id === p.id;
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
                        <Stack gap={4}>
                          {canShip && (
                            <Group gap="xs" wrap="nowrap">
                              <TextInput
                                size="xs"
                                placeholder="Carrier"
                                aria-label={`Carrier for ${p.contestTitle}`}
                                value={t.carrier}
                                maxLength={60}
                                onChange={(e) => setTracking({ ...tracking, [p.id]: { ...t, carrier: e.currentTarget.value } })}
                              />
                              <TextInput
                                size="xs"
                                placeholder="Tracking reference"
                                aria-label={`Tracking reference for ${p.contestTitle}`}
                                value={t.trackingRef}
                                maxLength={60}
                                onChange={(e) =>
                                  setTracking({ ...tracking, [p.id]: { ...t, trackingRef: e.currentTarget.value } })
                                }
                              />
                              <Button
                                size="xs"
                                onClick={() => setStatus.mutate({ id: p.id, status: "shipped", ...t })}
                                loading={busy && setStatus.variables?.status === "shipped"}
                              >
                                Mark shipped
                              </Button>
                            </Group>
                          )}
                          {canDeliver && (
                            <Button
                              size="xs"
                              onClick={() => setStatus.mutate({ id: p.id, status: "delivered" })}
                              loading={busy && setStatus.variables?.status === "delivered"}
                            >
                              Mark delivered
                            </Button>
                          )}
                        </Stack>
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
