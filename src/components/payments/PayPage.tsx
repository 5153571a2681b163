"use client";

import { Alert, Anchor, Badge, Button, Card, Code, Container, Group, Image, Loader, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconFlask } from "@tabler/icons-react";
import Link from "next/link";
import { formatUsd } from "@/shared/money";
import { api } from "@/trpc/react";
import { useCurrentUser } from "../auth/useCurrentUser";
import { GatewayStatusBadge, PaymentStatusBadge } from "./PaymentStatusBadge";

/** The in-app payment page of the local sandbox gateway (/pay/<trackId>). No real money moves. */
export function PayPage({ trackId }: { trackId: string }) {
  const { user, isLoading: userLoading } = useCurrentUser();
  const utils = api.useUtils();
  const payment = api.payments.byTrackId.useQuery({ trackId }, { enabled: Boolean(user) });
  const simulate = api.payments.simulate.useMutation({
    onSuccess: async () => {
      notifications.show({ title: "Payment simulated", message: "The sandbox delivered a signed 'paid' webhook." });
      await utils.payments.byTrackId.invalidate({ trackId });
    },
    onError: (e) => notifications.show({ color: "red", title: "Error", message: e.message || "Simulation failed" }),
  });

  if (userLoading || (user && payment.isLoading)) {
    return (
      <Container size="sm" py="xl">
        <Loader />
      </Container>
    );
  }
  if (!user) {
    return (
      <Container size="sm" py="xl">
        <Text>
          Please <Anchor href="/api/login">log in</Anchor> to see this payment.
        </Text>
      </Container>
    );
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
                to this test address:
              </Text>
              <Code block data-testid="pay-address">
                {p.address}
              </Code>
            </>
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
            <Button component="a" href={p.payLink}>
              Open the payment page
            </Button>
          )}
          {paid && p.status === "pending" && (
            <Text size="sm" data-testid="awaiting-approval">
              Payment received. Your balance is credited once an administrator approves it.
            </Text>
          )}
          <Anchor component={Link} href="/payments" size="sm">
            My payment history
          </Anchor>
        </Stack>
      </Card>
    </Container>
  );
}
