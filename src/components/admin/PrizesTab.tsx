"use client";

import { Button, Card, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { useMemo, useState } from "react";
import { formatUsd } from "@/shared/money-format";
import { PRIZE_STATUS_LABELS, type PrizeStatusName } from "@/shared/prizes";
import { useInfiniteQuery, useMutation } from "@tanstack/react-query";
import { LIMITS } from "@/shared/constants";
import { trpc } from "@/trpc/react";
import type { RouterOutputs } from "@/trpc/types";
import { DataTable, NamedCell } from "@/components/common/DataTable";
import { LoadMore, QueryState } from "@/components/common/QueryState";
import { StatusWithNote } from "../common/WithdrawalStatusBadge";
import { TOAST, toastError, toastSuccess } from "@/components/common/toasts";
import { OverdueFulfilments } from "./OverdueFulfilments";
import { useInvalidate } from "@/components/common/useInvalidate";
import { useSecondFactorGate } from "./SecondFactorGate";

type Delivery = {
  fullName?: string;
  addressLine1?: string;
  addressLine2?: string;
  city?: string;
  postcode?: string;
  country?: string;
  phone?: string;
};
type AdminPrize = RouterOutputs["prizes"]["adminList"][number];

function deliveryText(delivery: unknown) {
  const d = (delivery ?? null) as Delivery | null;
  return d ? (
    <Text size="xs">
      {[d.fullName, d.addressLine1, d.addressLine2, d.city, d.postcode, d.country, d.phone].filter(Boolean).join(", ")}
    </Text>
  ) : (
    "—"
  );
}

/**
 * Admin dashboard 'Prizes' tab: disputed and requested prizes first; mark them shipped (carrier and
 * tracking reference, which the public trail shows) and delivered. Overdue fulfilments on top.
 * A page of 50 at a time ("Load more"), in the server's work order.
 */
export function PrizesTab() {
  const invalidate = useInvalidate();
  const { locked } = useSecondFactorGate();
  const list = useInfiniteQuery(
    trpc.prizes.adminList.infiniteQueryOptions(
      { limit: LIMITS.listPage },
      { getNextPageParam: (last) => (last.length === LIMITS.listPage ? last.at(-1)?.id : undefined) },
    ),
  );
  const prizes = useMemo(() => (list.data?.pages ?? []).flat(), [list.data]);
  const [tracking, setTracking] = useState<Record<string, { carrier: string; trackingRef: string }>>({});
  const trackingOf = (id: string) => tracking[id] ?? { carrier: "", trackingRef: "" };
  const setStatus = useMutation(
    trpc.prizes.setStatus.mutationOptions({
      onSuccess: async (p) => {
        toastSuccess(TOAST.prizeUpdated, `Marked ${p.status}`);
        await invalidate(trpc.prizes.adminList, trpc.prizes.adminOverdue);
      },
      onError: (e) => toastError(TOAST.updateFailed, e, "Failed to update the prize"),
    }),
  );
  const actions = (p: AdminPrize) => {
    const canShip = p.status === "prize_requested" || p.status === "disputed";
    const canDeliver = p.status === "shipped" || p.status === "disputed";
    const t = trackingOf(p.id);
    const busy = setStatus.isPending && setStatus.variables?.id === p.id;
    return (
      <Stack gap={4}>
        {canShip && (
          <Group gap="xs">
            <TextInput
              size="xs"
              placeholder="Carrier"
              aria-label={`Carrier for ${p.prizeTitle}`}
              value={t.carrier}
              maxLength={60}
              onChange={(e) => setTracking({ ...tracking, [p.id]: { ...t, carrier: e.currentTarget.value } })}
            />
            <TextInput
              size="xs"
              placeholder="Tracking reference"
              aria-label={`Tracking reference for ${p.prizeTitle}`}
              value={t.trackingRef}
              maxLength={60}
              onChange={(e) => setTracking({ ...tracking, [p.id]: { ...t, trackingRef: e.currentTarget.value } })}
            />
            <Button
              size="xs"
              disabled={locked}
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
            disabled={locked}
            onClick={() => setStatus.mutate({ id: p.id, status: "delivered" })}
            loading={busy && setStatus.variables?.status === "delivered"}
          >
            Mark delivered
          </Button>
        )}
      </Stack>
    );
  };
  return (
    <Card withBorder radius="md" p="lg">
      <Stack>
        <OverdueFulfilments />
        <Title order={3}>Prizes</Title>
        <QueryState query={list} rows={prizes} empty="No prizes yet.">
          {(shown) => (
            <DataTable
              minWidth={900}
              rows={shown}
              rowKey={(p) => p.id}
              rowProps={() => ({ "data-testid": "admin-prize-row" })}
              columns={[
                {
                  label: "Prize",
                  cell: (p) => (
                    <NamedCell name={p.prizeTitle} detail={p.instant ? `Instant prize · ${p.contestTitle}` : "Draw"} />
                  ),
                },
                { label: "Winner", cell: (p) => p.user.email },
                { label: "Cash alternative", cell: (p) => (p.cashAlternative ? formatUsd(p.cashAlternative) : "—") },
                { label: "Delivery", cell: (p) => deliveryText(p.delivery) },
                {
                  label: "Status",
                  lead: true,
                  cell: (p) => (
                    <StatusWithNote status={p.status} label={PRIZE_STATUS_LABELS[p.status as PrizeStatusName]} note={p.note} />
                  ),
                },
                { label: "", cell: (p) => actions(p) },
              ]}
            />
          )}
        </QueryState>
        {prizes.length > 0 && <LoadMore query={list} shown={prizes.length} noun="prizes" />}
      </Stack>
    </Card>
  );
}
