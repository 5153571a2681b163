"use client";

import { Alert, Anchor, Badge, Button, Card, Code, Container, Group, Image, Progress, Stack, Text, Title } from "@mantine/core";
import { Spinner } from "@/components/common/QueryState";
import { useInterval } from "@mantine/hooks";
import { IconClockHour4, IconFlask } from "@tabler/icons-react";
import { IntentLink } from "@/components/common/links";
import { useEffect, useState } from "react";
import { formatUsd } from "@/shared/money-format";
import { NETWORK_LABELS, type WithdrawalNetwork } from "@/shared/networks";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { trpc } from "@/trpc/react";
import { useCurrentUser } from "../common/useCurrentUser";
import { GatewayStatusBadge, PaymentStatusBadge } from "../common/PaymentStatusBadge";
import { TOAST, toastError, toastInfo } from "@/components/common/toasts";
import { SignInPrompt } from "@/components/common/SignedInPage";

/** "59:07" or "1:02:03": time left on the invoice. */
function formatLeft(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const sec = String(total % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
}

/** Counts down to the invoice's expiry (set by the gateway); the bar shows the share of time left. */
function Countdown({ createdAt, expiresAt }: { createdAt: Date; expiresAt: Date }) {
  const [now, setNow] = useState(() => Date.now());
  const tick = useInterval(() => setNow(Date.now()), 1000);
  useEffect(() => {
    tick.start();
    return tick.stop;
  }, [tick]);
  const left = expiresAt.getTime() - now;
  const span = Math.max(1, expiresAt.getTime() - createdAt.getTime());
  if (left <= 0) {
    return (
      <Alert color="red" icon={<IconClockHour4 />} title="This invoice has expired" data-testid="pay-expired">
        Do not send anything to this address any more. Start a new top-up from Add Balance.
      </Alert>
    );
  }
  return (
    <Stack gap={4} data-testid="pay-countdown">
      <Group justify="space-between">
        <Text size="sm">Time left to pay</Text>
        <Text size="sm" fw={700} ff="monospace" aria-live="off">
          {formatLeft(left)}
        </Text>
      </Group>
      <Progress value={(left / span) * 100} color={left < 5 * 60_000 ? "red" : "blue"} aria-label="Time left to pay" />
    </Stack>
  );
}

/**
 * The in-app payment page (/pay/<trackId>): the address, crypto amount, network, QR code and a
 * countdown of a white-label OxaPay invoice or of the local sandbox (which can simulate paying).
 * It re-reads the status every 10 s while waiting, so the player sees the payment arrive.
 */
export function PayPage({ trackId }: { trackId: string }) {
  const { user, isLoading: userLoading } = useCurrentUser();
  const queryClient = useQueryClient();
  const payment = useQuery(
    trpc.payments.byTrackId.queryOptions(
      { trackId },
      { enabled: Boolean(user), refetchInterval: (q) => (q.state.data?.status === "pending" ? 10_000 : false) },
    ),
  );
  const simulate = useMutation(
    trpc.payments.simulate.mutationOptions({
      onSuccess: async () => {
        toastInfo(
          TOAST.paymentSimulated,
          "The sandbox marked your payment as paid. An administrator approves it next; then your balance is credited.",
        );
        await queryClient.invalidateQueries(trpc.payments.byTrackId.queryFilter({ trackId }));
      },
      onError: (e) => toastError(TOAST.error, e, "Simulation failed"),
    }),
  );

  if (userLoading || (user && payment.isLoading)) {
    return (
      <Container size="sm" py="xl">
        <Spinner />
      </Container>
    );
  }
  if (!user) {
    return <SignInPrompt size="sm" to="to see this payment" />;
  }
  if (!payment.data) {
    return (
      <Container size="sm" py="xl">
        <Title order={2}>Payment not found</Title>
      </Container>
    );
  }
  const p = payment.data;
  const paid = p.gatewayStatus === "paid" || p.gatewayStatus === "manual_accept";
  const network = p.network && p.network in NETWORK_LABELS ? NETWORK_LABELS[p.network as WithdrawalNetwork] : null;
  const waiting = p.status === "pending" && !paid && p.gatewayStatus !== "underpaid";
  return (
    <Container size="sm" py="xl">
      <Card withBorder radius="md" p="lg">
        <Stack>
          {p.isSandbox && (
            <Alert color="orange" icon={<IconFlask />} title="SANDBOX" variant="filled">
              This is the local test gateway. No real cryptocurrency is sent or received.
            </Alert>
          )}
          <Group justify="space-between">
            <Title order={2}>Pay {formatUsd(p.amount)}</Title>
            {p.isSandbox && <Badge color="orange">SANDBOX</Badge>}
          </Group>
          <Group gap="xs">
            <Text size="sm">Gateway status:</Text>
            <GatewayStatusBadge status={p.gatewayStatus} />
            <Text size="sm">Payment:</Text>
            <PaymentStatusBadge status={p.status} />
          </Group>
          <Text size="sm" c="dimmed">
            Track ID: <Code data-testid="track-id">{p.trackId}</Code>
          </Text>
          {p.address && p.payAmount && (
            <>
              <Text>
                Send{" "}
                <Text span fw={700} data-testid="pay-amount">
                  {p.payAmount} {p.cryptoCurrency}
                </Text>{" "}
                to this {p.isSandbox ? "test " : ""}address{network ? ` on ${network}` : ""}:
              </Text>
              <Code block data-testid="pay-address">
                {p.address}
              </Code>
              {network && (
                <Text size="xs" c="dimmed">
                  Use the {network} network only: coins sent on another chain cannot be recovered.
                </Text>
              )}
            </>
          )}
          {waiting && p.expiresAt && <Countdown createdAt={new Date(p.createdAt)} expiresAt={new Date(p.expiresAt)} />}
          {p.status === "expired" && (
            <Alert color="red" title="This invoice has expired" data-testid="pay-expired">
              No payment arrived in time. Start a new top-up from Add Balance.
            </Alert>
          )}
          {p.gatewayStatus === "underpaid" && p.status === "pending" && (
            <Alert color="orange" title="Less than the invoice arrived" data-testid="pay-underpaid">
              {p.receivedAmount ? `The gateway received ${formatUsd(p.receivedAmount)} of ${formatUsd(p.amount)}. ` : ""}
              An administrator will credit what arrived.
            </Alert>
          )}
          {p.qrCode && <Image src={p.qrCode} alt="Payment QR code" w={240} h={240} mx="auto" />}
          {p.isSandbox ? (
            <Button
              color="orange"
              size="md"
              onClick={() => simulate.mutate({ trackId })}
              disabled={!p.canSimulate || paid || p.status !== "pending" || simulate.isPending}
            >
              {simulate.isPending ? "Simulating..." : paid ? "Payment received" : "Simulate payment"}
            </Button>
          ) : (
            !p.address && (
              <Button component="a" href={p.payLink}>
                Open the payment page
              </Button>
            )
          )}
          {paid && p.status === "pending" && (
            <Text size="sm" data-testid="awaiting-approval">
              Payment received. Your balance is credited once an administrator approves it.
            </Text>
          )}
          <Anchor component={IntentLink} href="/payments" size="sm">
            My payment history
          </Anchor>
        </Stack>
      </Card>
    </Container>
  );
}
