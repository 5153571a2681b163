"use client";

import { Badge, Card, Code, Group, Stack, Text, Title } from "@mantine/core";
import { DateTime } from "@/components/common/useTimeZone";
import { formatUsd } from "@/shared/money-format";
import { RISK_LABELS, RISK_THRESHOLDS as T } from "@/shared/safer-play";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { trpc } from "@/trpc/react";
import { DataTable, NamedCell } from "@/components/common/DataTable";
import { formatCount } from "@/shared/format";
import { LoadMore, QueryState } from "@/components/common/QueryState";
import { LIMITS } from "@/shared/constants";
import { uniqueRows } from "@/components/common/uniqueRows";

const PAGE = LIMITS.listPage;

const MARKER_COLOR = { limits_hit: "orange", rising_spend: "red", many_top_ups: "grape" } as const;

/**
 * Admin dashboard 'Players at risk' tab (docs/admin.md): players whose last weeks show risk
 * markers, worked out on the server from the ledger and the top-ups (saferPlay.riskMarkers), by
 * player id a page at a time ("Load more").
 */
export function RiskTab() {
  const list = useInfiniteQuery(
    trpc.saferPlay.riskMarkers.infiniteQueryOptions(
      { limit: PAGE },
      {
        refetchInterval: 60_000,
        getNextPageParam: (last) => (last.length === PAGE ? last.at(-1)?.userId : undefined),
      },
    ),
  );
  // A refetch can shift players between pages as markers come and go: show each player once.
  const rows = useMemo(() => uniqueRows(list.data?.pages, (r) => r.userId), [list.data]);
  return (
    <Card withBorder radius="md" p="lg">
      <Stack>
        <Title order={3}>Players at risk</Title>
        <Text c="dimmed" size="sm">
          Markers: spend reached the daily limit on {T.limitDays}+ days in {T.limitDaysWindow}; spend rose {T.risingWeeks} weeks
          in a row to at least {formatUsd(String(T.risingMinUsd))} last week; {T.topUpsPerDay}+ top-ups on one day in the last{" "}
          {T.topUpWindowDays} days. Reach out through support chat; a player can be helped to set limits or take a break.
        </Text>
        <QueryState
          query={list}
          rows={list.data ? rows : undefined}
          loadingLabel="Loading players at risk"
          empty={<span data-testid="risk-empty">No player shows a risk marker right now.</span>}
        >
          {(shown) => (
            <DataTable
              minWidth={720}
              testId="risk-table"
              rows={shown}
              rowKey={(r) => r.userId}
              columns={[
                {
                  label: "Player",
                  cell: (r) => (
                    <NamedCell
                      name={r.name}
                      detail={`${r.email}${r.selfExcluded ? " · self-excluded" : ""}${r.closed ? " · closed" : ""}`}
                    />
                  ),
                },
                {
                  label: "Markers",
                  lead: true,
                  cell: (r) => (
                    <Group gap={4}>
                      {r.markers.map((m) => (
                        <Badge key={m} color={MARKER_COLOR[m]} variant="light">
                          {RISK_LABELS[m]}
                        </Badge>
                      ))}
                    </Group>
                  ),
                },
                { label: "Days at daily limit", cell: (r) => formatCount(r.limitDays) },
                {
                  label: "Weekly spend (latest first)",
                  cell: (r) => (r.weeklySpend.length ? r.weeklySpend.map((w) => formatUsd(w)).join(" · ") : "—"),
                },
                { label: "Most top-ups in a day", cell: (r) => formatCount(r.topUpsInADay) },
              ]}
            />
          )}
        </QueryState>
        <LoadMore query={list} shown={rows.length} total={null} noun="players" />
        <AbuseSignals />
      </Stack>
    </Card>
  );
}

/**
 * Linked accounts and abuse signals (docs/admin.md "Abuse signals"): what was shared or seen, and
 * which accounts it links. A signal moves no money; it sends the account's payouts to review.
 */
function AbuseSignals() {
  const list = useInfiniteQuery(
    trpc.admin.abuseSignals.infiniteQueryOptions(
      { limit: PAGE },
      {
        refetchInterval: 60_000,
        getNextPageParam: (last) => (last.length === PAGE ? last.at(-1)?.id : undefined),
      },
    ),
  );
  // A refetch as new signals are recorded shifts rows between pages: show each signal once.
  const rows = useMemo(() => uniqueRows(list.data?.pages, (r) => r.id), [list.data]);
  return (
    <Stack gap="xs" mt="md">
      <Title order={4}>Linked accounts and abuse signals</Title>
      <Text c="dimmed" size="sm">
        Accounts that share a device or a withdrawal address, sign-ups in a burst from one address block, disposable e-mail
        domains and free entries to one contest from linked accounts. A signal never changes a balance: it sends the
        account&apos;s withdrawals to review and lets a one-per-player promo code be used once across linked accounts.
      </Text>
      <QueryState
        query={list}
        rows={list.data ? rows : undefined}
        loadingLabel="Loading abuse signals"
        empty={<span data-testid="abuse-empty">No abuse signal recorded.</span>}
      >
        {(shown) => (
          <DataTable
            minWidth={720}
            testId="abuse-table"
            rows={shown}
            rowKey={(r) => r.id}
            columns={[
              { label: "Account", cell: (r) => r.email },
              {
                label: "Signal",
                lead: true,
                cell: (r) => (
                  <Badge color="red" variant="light">
                    {r.label}
                  </Badge>
                ),
              },
              { label: "Evidence", cell: (r) => <Code>{r.key}</Code> },
              {
                label: "Linked accounts",
                cell: (r) => (r.linked.length ? r.linked.map((l) => l.email).join(", ") : "—"),
              },
              { label: "Last seen", cell: (r) => <DateTime value={r.updatedAt} /> },
            ]}
          />
        )}
      </QueryState>
      <LoadMore query={list} shown={rows.length} total={null} noun="signals" />
    </Stack>
  );
}
