"use client";

import { Alert, Badge, Card, Group, Image, Modal, Skeleton, Stack, Text } from "@mantine/core";
import { useEffect } from "react";
import { entryStatus } from "@/shared/cart";
import { LIMITS } from "@/shared/constants";
import { formatUsd } from "@/shared/money";
import { api } from "@/trpc/react";
import { useCurrentUser } from "../auth/useCurrentUser";

const STATUS_COLOR = { won: "green", lost: "gray", active: "blue", pending: "orange" } as const;

function ticketRange(first: number, last: number): string {
  return first === last ? `Ticket #${first}` : `Tickets #${first}–#${last}`;
}

/** "My Purchases & Results": the player's entries, fetched each time the dialog opens. */
export function PurchasesDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { user } = useCurrentUser();
  const query = api.cart.purchases.useQuery(undefined, { enabled: opened && !!user });
  const { refetch } = query;
  useEffect(() => {
    if (opened && user) void refetch();
  }, [opened, user, refetch]);

  return (
    <Modal opened={opened} onClose={onClose} title="My Purchases & Results" size="lg">
      {query.isLoading ? (
        <Stack>
          {Array.from({ length: LIMITS.listPlaceholders }, (_, i) => (
            <Skeleton key={i} h={72} />
          ))}
        </Stack>
      ) : query.error ? (
        <Alert color="red">{query.error.message}</Alert>
      ) : !query.data?.length ? (
        <Text c="dimmed" ta="center" py="lg">
          You have no purchases yet.
        </Text>
      ) : (
        <Stack gap="sm">
          {query.data.map((e) => {
            const status = entryStatus(e, user?.id ?? "");
            return (
              <Card key={e.entryId} withBorder padding="sm" data-testid="purchase-entry">
                <Group wrap="nowrap" align="flex-start">
                  <Image
                    src={e.contestImage ?? "/images/placeholder.svg"}
                    alt=""
                    w={64}
                    h={64}
                    radius="sm"
                    fallbackSrc="/images/placeholder.svg"
                  />
                  <Stack gap={2} style={{ flex: 1 }}>
                    <Group justify="space-between" wrap="nowrap">
                      <Text fw={600}>{e.contestTitle}</Text>
                      <Badge color={e.contestStatus === "active" ? "blue" : "gray"}>
                        {e.contestStatus === "active" ? "Active" : "Ended"}
                      </Badge>
                    </Group>
                    <Text size="sm">
                      {e.ticketCount} ticket{e.ticketCount === 1 ? "" : "s"} · {formatUsd(e.totalAmount)} ·{" "}
                      {new Date(e.entryDate).toLocaleDateString("en-US")}
                    </Text>
                    <Text size="sm" ff="monospace" data-testid="ticket-numbers">
                      {ticketRange(e.firstTicket, e.lastTicket)}
                    </Text>
                    <Text size="sm" c={STATUS_COLOR[status.kind]} fw={600} data-testid="entry-status">
                      {status.label}
                      {e.winningTicket !== null && status.kind !== "active" ? ` (winning ticket #${e.winningTicket})` : ""}
                    </Text>
                  </Stack>
                </Group>
              </Card>
            );
          })}
        </Stack>
      )}
    </Modal>
  );
}
