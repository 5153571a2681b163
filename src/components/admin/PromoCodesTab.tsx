"use client";

import { SecondApproverQueue } from "./SecondApproverQueue";
import { formatCount } from "@/shared/format";
import { Badge, Button, Center, Group, Stack, Text, Title } from "@mantine/core";
import { LoadMore, Spinner } from "@/components/common/QueryState";
import { useMemo, useState } from "react";
import { formatUsd } from "@/shared/money-format";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { trpc } from "@/trpc/react";
import type { RouterOutputs } from "@/trpc/types";
import { type Column, DataTable } from "../common/DataTable";
import { DateTime } from "../common/useTimeZone";
import { PromoCodeForm } from "./PromoCodeForm";
import { answerToasts, TOAST, toastError, toastSuccess } from "../common/toasts";
import { useSecondFactorGate } from "./SecondFactorGate";
import { LIMITS } from "@/shared/constants";
import { uniqueRows } from "@/components/common/uniqueRows";

const PAGE = LIMITS.listPage;

type Promo = RouterOutputs["pricing"]["promoCodes"][number];

function terms(p: Promo): string {
  const off = p.kind === "percent" ? `${p.percentOff}% off` : `${formatUsd(p.amountOff)} off`;
  const extra = [
    p.minSpend ? `min. spend ${formatUsd(p.minSpend)}` : null,
    p.firstPurchaseOnly ? "first purchase only" : null,
    p.contestTitle ? `only ${p.contestTitle}` : "site-wide",
  ].filter(Boolean);
  return `${off} · ${extra.join(" · ")}`;
}

/** Promo codes: create, disable or enable, and the report of uses and discount given. */
export function PromoCodesTab() {
  const { locked } = useSecondFactorGate();
  // Four eyes: a large code another content editor proposed, created as proposed.
  const queryClient = useQueryClient();
  const confirmCreate = useMutation(
    trpc.pricing.createPromoCode.mutationOptions({
      onSuccess: async (r) => {
        toastSuccess(TOAST.promoCodeCreated, r.message);
        await Promise.all([
          queryClient.invalidateQueries(trpc.pricing.promoCodes.pathFilter()),
          queryClient.invalidateQueries(trpc.admin.waitingApprovals.pathFilter()),
        ]);
      },
      onError: (e) => toastError(TOAST.promoCodeNotCreated, e, "Failed to create the promo code"),
    }),
  );
  // Newest first, a page at a time ("Load more"); the server pages it (pricing.promoCodes).
  const list = useInfiniteQuery(
    trpc.pricing.promoCodes.infiniteQueryOptions(
      { limit: PAGE },
      { getNextPageParam: (last) => (last.length === PAGE ? last.at(-1)?.id : undefined) },
    ),
  );
  // A refetch after a new code shifts rows between pages: show each code once.
  const rows = useMemo(() => uniqueRows(list.data?.pages, (r) => r.id), [list.data]);
  const [creating, setCreating] = useState(false);
  const status = useMutation(
    trpc.pricing.setPromoCodeStatus.mutationOptions(
      answerToasts([TOAST.promoCodeUpdated], [TOAST.promoCodeNotUpdated, "Failed to update the promo code"], () =>
        queryClient.invalidateQueries(trpc.pricing.promoCodes.pathFilter()),
      ),
    ),
  );
  const columns: Column<Promo>[] = [
    {
      label: "Code",
      lead: true,
      cell: (p) => (
        <Group gap={6}>
          <Text fw={700} ff="monospace">
            {p.code}
          </Text>
          <Badge color={p.disabled ? "gray" : "green"}>{p.disabled ? "Disabled" : "Active"}</Badge>
        </Group>
      ),
    },
    { label: "Terms", cell: (p) => <Text size="sm">{terms(p)}</Text> },
    {
      label: "Uses",
      cell: (p) => (
        <Text size="sm">
          {formatCount(p.usedCount)}
          {p.maxUses !== null ? ` / ${formatCount(p.maxUses)}` : ""}
          {p.maxUsesPerPlayer !== null ? ` (≤ ${formatCount(p.maxUsesPerPlayer)} per player)` : ""}
        </Text>
      ),
    },
    { label: "Discount given", cell: (p) => <Text size="sm">{formatUsd(p.totalDiscount)}</Text> },
    {
      label: "Valid",
      cell: (p) => (
        <Text size="sm">
          {p.startsAt ? <DateTime value={p.startsAt} /> : "now"} – {p.endsAt ? <DateTime value={p.endsAt} /> : "no end"}
        </Text>
      ),
    },
    {
      label: "",
      cell: (p) => (
        <Button
          size="xs"
          variant="light"
          color={p.disabled ? "green" : "red"}
          disabled={locked}
          loading={status.isPending && status.variables?.id === p.id}
          onClick={() => status.mutate({ id: p.id, disabled: !p.disabled })}
        >
          {p.disabled ? "Enable" : "Disable"}
        </Button>
      ),
    },
  ];
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={3}>Promo codes</Title>
        <Button onClick={() => setCreating(true)} disabled={locked}>
          New promo code
        </Button>
      </Group>
      <SecondApproverQueue
        actions={["pricing.createPromoCode"]}
        locked={locked}
        onConfirm={(_, summary) => confirmCreate.mutate(JSON.parse(summary.change ?? "{}"))}
      />
      <Text size="sm" c="dimmed">
        A code lowers the price at checkout; it never gives extra entries.
      </Text>
      {list.isLoading ? (
        <Center py="xl">
          <Spinner />
        </Center>
      ) : rows.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl">
          No promo codes yet.
        </Text>
      ) : (
        <DataTable
          rows={rows}
          columns={columns}
          rowKey={(p) => p.id}
          rowProps={(p) => ({ "data-testid": `promo-${p.code}` })}
          minWidth={800}
        />
      )}
      <LoadMore query={list} shown={rows.length} total={null} noun="promo codes" />
      <PromoCodeForm opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}
