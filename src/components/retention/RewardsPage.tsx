"use client";

import { Badge, Button, Card, Container, Group, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { QueryState, Spinner } from "@/components/common/QueryState";
import { SignInPrompt } from "@/components/common/SignedInPage";
import { TOAST, toastError, toastSuccess } from "@/components/common/toasts";
import { DateTime } from "@/components/common/useTimeZone";
import { useCurrentUser } from "@/components/common/useCurrentUser";
import { formatUsd } from "@/shared/money-format";
import {
  CASHBACK_STATUS_TEXT,
  REFERRAL_REASON_TEXT,
  REFERRAL_STATUS_TEXT,
  type CashbackStatus,
  type ReferralStatus,
} from "@/shared/retention";
import { trpc } from "@/trpc/react";

const STATUS_COLOR: Record<ReferralStatus | CashbackStatus, string> = {
  pending: "yellow",
  qualified: "green",
  credited: "green",
  refused: "gray",
  expired: "gray",
  suppressed: "gray",
  below_minimum: "gray",
};

/** The account's rewards (docs/retention.md): "Refer a friend" and "Cashback", both paid as spend-only credit. */
export function RewardsPage() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <Spinner m="xl" />;
  if (!user) return <SignInPrompt to="to see your rewards" />;
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Title order={1}>Rewards</Title>
        <ReferralCard />
        <CashbackCard />
        <Text size="xs" c="dimmed">
          Rewards are site credit: spend it on tickets and spins before it expires. Site credit cannot be withdrawn.
        </Text>
      </Stack>
    </Container>
  );
}

function copy(text: string) {
  if (!navigator.clipboard) {
    toastError(TOAST.linkNotCopied, null, "Select the link and copy it yourself.");
    return;
  }
  navigator.clipboard.writeText(text).then(
    () => toastSuccess(TOAST.linkCopied, "Send it to a friend."),
    (e: unknown) => toastError(TOAST.linkNotCopied, e, "Select the link and copy it yourself."),
  );
}

function ReferralCard() {
  const q = useQuery(trpc.retention.referral.queryOptions(undefined, { staleTime: 0 }));
  const data = q.data;
  return (
    <Card withBorder radius="md" p="lg" data-testid="referral-card" component="section" aria-labelledby="referral-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="referral-title">
          Refer a friend
        </Title>
        {!data ? (
          q.error ? (
            <Text c="red" role="alert">
              {q.error.message}
            </Text>
          ) : (
            <Spinner label="Loading your referral link" />
          )
        ) : (
          <>
            <Text size="sm">
              When a friend who joins through your link spends {formatUsd(data.qualifyingUsd)} in cash on tickets within{" "}
              {data.windowDays} days, you get {formatUsd(data.referrerCredit)} and they get {formatUsd(data.referredCredit)} of
              site credit.
            </Text>
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <TextInput
                label="Your link"
                value={data.link}
                readOnly
                onFocus={(e) => e.currentTarget.select()}
                style={{ flex: 1, minWidth: 0 }}
                data-testid="referral-link"
              />
              <Button onClick={() => copy(data.link)} data-testid="copy-referral-link">
                Copy link
              </Button>
            </Group>
            <Text size="sm">
              Credit earned:{" "}
              <Text span fw={700} data-testid="referral-earned">
                {formatUsd(data.earned)}
              </Text>
            </Text>
            {data.referredBy && (
              <Text size="sm" data-testid="referred-by">
                You joined through a friend's link: {REFERRAL_STATUS_TEXT[data.referredBy.status]}
                {data.referredBy.credit ? ` (${formatUsd(data.referredBy.credit)})` : ""}
                {data.referredBy.reason ? ` — ${REFERRAL_REASON_TEXT[data.referredBy.reason] ?? data.referredBy.reason}` : ""}
              </Text>
            )}
            <QueryState query={q} rows={data.referrals} empty="Nobody has joined through your link yet.">
              {(rows) => (
                <Table.ScrollContainer minWidth={320}>
                  <Table data-testid="referral-list">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Friend</Table.Th>
                        <Table.Th>Joined</Table.Th>
                        <Table.Th>Status</Table.Th>
                        <Table.Th>Your credit</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {rows.map((r) => (
                        <Table.Tr key={`${r.initial}-${r.joinedAt.toISOString()}`}>
                          <Table.Td>{r.initial}</Table.Td>
                          <Table.Td>
                            <DateTime value={r.joinedAt} style="date" />
                          </Table.Td>
                          <Table.Td>
                            <Badge
                              color={STATUS_COLOR[r.status]}
                              variant="light"
                              title={r.reason ? (REFERRAL_REASON_TEXT[r.reason] ?? r.reason) : undefined}
                            >
                              {REFERRAL_STATUS_TEXT[r.status]}
                            </Badge>
                          </Table.Td>
                          <Table.Td>{r.credit ? formatUsd(r.credit) : "—"}</Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
            </QueryState>
          </>
        )}
      </Stack>
    </Card>
  );
}

function CashbackCard() {
  const q = useQuery(trpc.retention.cashback.queryOptions(undefined, { staleTime: 0 }));
  const data = q.data;
  return (
    <Card withBorder radius="md" p="lg" data-testid="cashback-card" component="section" aria-labelledby="cashback-title">
      <Stack gap="sm">
        <Title order={2} size="h3" id="cashback-title">
          Cashback
        </Title>
        {data && (
          <Text size="sm">
            Every week (Monday to Sunday, UTC) you get {data.percent}% of what you spent in cash on tickets and spins, less
            refunds, as site credit that lasts {data.expiryDays} days (from {formatUsd(data.minimum)}).
          </Text>
        )}
        <QueryState
          query={q}
          rows={data?.periods}
          loadingLabel="Loading your cashback"
          empty="No cashback yet: it is paid after each week you play."
        >
          {(rows) => (
            <Table.ScrollContainer minWidth={360}>
              <Table data-testid="cashback-list">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Week</Table.Th>
                    <Table.Th>Spent</Table.Th>
                    <Table.Th>Credit</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Expires</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((r) => (
                    <Table.Tr key={r.period}>
                      <Table.Td>{r.period}</Table.Td>
                      <Table.Td>{formatUsd(r.spend)}</Table.Td>
                      <Table.Td>
                        {formatUsd(r.credit)}
                        {r.status === "credited" && r.remaining !== r.credit && (
                          <Text span size="xs" c="dimmed">
                            {" "}
                            ({formatUsd(r.remaining)} left)
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Badge color={STATUS_COLOR[r.status]} variant="light">
                          {CASHBACK_STATUS_TEXT[r.status]}
                        </Badge>
                      </Table.Td>
                      <Table.Td>{r.expiresAt ? <DateTime value={r.expiresAt} style="date" /> : "—"}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </QueryState>
      </Stack>
    </Card>
  );
}
