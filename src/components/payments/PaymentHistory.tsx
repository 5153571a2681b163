"use client";

import { Anchor, Container, Stack, Text } from "@mantine/core";
import { formatUsd } from "@/shared/money-format";
import { useQuery } from "@tanstack/react-query";
import { trpc } from "@/trpc/react";
import { payPageHref } from "@/shared/pay-link";
import { useCurrentUser } from "../common/useCurrentUser";
import { GatewayStatusBadge, PaymentStatusBadge } from "../common/PaymentStatusBadge";
import { DateTime } from "@/components/common/useTimeZone";
import { DataTable } from "@/components/common/DataTable";
import { QueryState, Spinner } from "@/components/common/QueryState";
import { BalanceHeading, SignInPrompt } from "@/components/common/SignedInPage";

/** A player's own top-ups with their statuses (beyond docs/product.md). */
export function PaymentHistory() {
  const { user, isLoading } = useCurrentUser();
  const payments = useQuery(trpc.payments.mine.queryOptions(undefined, { enabled: Boolean(user) }));
  if (isLoading) return <Spinner m="xl" />;
  if (!user) {
    return <SignInPrompt to="to see your payments" />;
  }
  return (
    <Container size="lg" py="xl">
      <Stack>
        <BalanceHeading title="My Payments" balance={user.balance} />
        <QueryState query={payments} rows={payments.data} empty="No payments yet. Use Add Balance to top up.">
          {(shown) => (
            <DataTable
              rows={shown}
              rowKey={(p) => p.id}
              rowProps={() => ({ "data-testid": "payment-row" })}
              minWidth={700}
              columns={[
                { label: "Date", cell: (p) => <DateTime value={p.createdAt} /> },
                {
                  label: "Amount",
                  cell: (p) => (
                    <div>
                      {formatUsd(p.amount)}
                      {p.creditedAmount && p.creditedAmount !== p.amount && (
                        <Text size="xs" c="orange">
                          {formatUsd(p.creditedAmount)} credited
                        </Text>
                      )}
                    </div>
                  ),
                },
                {
                  label: "Method",
                  cell: (p) =>
                    `${p.cryptoCurrency}${p.payAmount ? ` (${p.payAmount})` : ""}${p.network && p.network !== p.cryptoCurrency ? ` · ${p.network}` : ""}`,
                },
                { label: "Track ID", cell: (p) => p.trackId },
                { label: "Gateway", cell: (p) => <GatewayStatusBadge status={p.gatewayStatus} /> },
                {
                  label: "Status",
                  lead: true,
                  cell: (p) => (
                    <div>
                      <PaymentStatusBadge status={p.status} />
                      {p.rejectionReason && (
                        <Text size="xs" c="dimmed">
                          {p.rejectionReason}
                        </Text>
                      )}
                    </div>
                  ),
                },
                {
                  label: "",
                  cell: (p) =>
                    p.status === "pending" && (
                      <Anchor href={payPageHref(p.payLink, p.trackId)} target="_blank" size="sm">
                        Payment page
                      </Anchor>
                    ),
                },
              ]}
            />
          )}
        </QueryState>
      </Stack>
    </Container>
  );
}
