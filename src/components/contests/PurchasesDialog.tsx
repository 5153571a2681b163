"use client";

import { Alert, Anchor, Badge, Button, Card, Group, Modal, Skeleton, Stack, Text } from "@mantine/core";
import { IntentLink } from "@/components/common/links";
import { useEffect } from "react";
import { LIMITS } from "@/shared/constants";
import { addMoney, formatUsd, isPositive, subtractMoney } from "@/shared/money";
import { entryBadge, entryStatusLabel, ticketRangesText } from "@/shared/purchase-rules";
import { formatCount } from "@/shared/format";
import { useInfiniteQuery } from "@tanstack/react-query";
import { trpc } from "@/trpc/react";
import { useCurrentUser } from "../common/useCurrentUser";
import { DateTime } from "@/components/common/useTimeZone";
import { ContestThumbnail } from "@/components/common/ContestThumbnail";
import { useOpenAfterMount } from "@/components/common/dialogs";
import { purchaseRows } from "./purchaseRows";

// Text shades that reach 4.5:1 on white (e2e/a11y.spec.ts); the label says the status too.
const STATUS_COLOR = { won: "teal.9", lost: "gray.7", active: "blue.9", pending: "gray.8", refunded: "red.9" } as const;

const PAGE = LIMITS.listPage;

/**
 * "My Purchases & Results": the player's entries, newest first, 50 at a time ("Load more"),
 * fetched again each time the dialog opens.
 */
export function PurchasesDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const shown = useOpenAfterMount(opened);
  const { user } = useCurrentUser();
  const query = useInfiniteQuery(
    trpc.cart.purchases.infiniteQueryOptions(
      { limit: PAGE },
      {
        enabled: opened && !!user,
        getNextPageParam: (last) => (last.length === PAGE ? last.at(-1)?.entryId : undefined),
      },
    ),
  );
  const { refetch } = query;
  useEffect(() => {
    if (opened && user) void refetch();
  }, [opened, user, refetch]);
  const entries = query.data?.pages.flat() ?? [];

  return (
    <Modal opened={shown} onClose={onClose} title="My Purchases & Results" size="lg">
      {query.isLoading ? (
        <Stack>
          {Array.from({ length: LIMITS.listPlaceholders }, (_, i) => (
            <Skeleton key={i} h={72} />
          ))}
        </Stack>
      ) : query.error ? (
        <Alert color="red">{query.error.message}</Alert>
      ) : !entries.length ? (
        <Text c="dimmed" ta="center" py="lg">
          You have no purchases yet.
        </Text>
      ) : (
        <Stack gap="sm">
          {user && (
            <Text size="sm" data-testid="purchases-balance">
              Balance {formatUsd(user.balance)}: cash {formatUsd(user.cashBalance)}, site credit {formatUsd(user.creditBalance)}{" "}
              (credit is spent first)
            </Text>
          )}
          <Alert color="blue" variant="light" data-testid="responsible-play-prompt">
            Play responsibly: set daily, weekly or monthly spend limits, or take a break, in your account menu (the menu button on
            phones) → Responsible play.
          </Alert>
          {purchaseRows(entries).map((e) => {
            // The status is the server's (the entry's stored result); only its words are chosen here.
            const badge = entryBadge(e.status);
            const physical = e.instantWins.some((w) => w.kind === "physical");
            return (
              <Card key={e.key} withBorder padding="sm" data-testid="purchase-entry">
                <Group wrap="nowrap" align="flex-start">
                  <ContestThumbnail src={e.contestImage} />
                  <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                    <Group justify="space-between" wrap="nowrap" align="flex-start">
                      <Text fw={600} style={{ minWidth: 0, overflowWrap: "anywhere" }}>
                        {e.contestTitle}
                      </Text>
                      <Badge color={badge.color}>{badge.label}</Badge>
                    </Group>
                    <Text size="sm">
                      {formatCount(e.ticketCount)} ticket{e.ticketCount === 1 ? "" : "s"} ·{" "}
                      {e.onlineFreeEntry ? "Free online entry" : e.freeEntry ? "Free postal entry" : formatUsd(e.totalAmount)} ·{" "}
                      <DateTime value={e.entryDate} style="date" />
                    </Text>
                    {isPositive(e.paidWithCredit) && (
                      <Text size="xs" c="gray.7" data-testid="entry-paid-with">
                        Paid {formatUsd(e.paidWithCredit)} with site credit
                        {isPositive(subtractMoney(e.totalAmount, e.paidWithCredit))
                          ? ` and ${formatUsd(subtractMoney(e.totalAmount, e.paidWithCredit))} cash`
                          : ""}
                      </Text>
                    )}
                    {e.savings && isPositive(addMoney(e.savings.bundleSaving, e.savings.promoSaving)) && (
                      <Text size="xs" c="grape.8" data-testid="entry-savings">
                        <Text span td="line-through" c="dimmed" inherit>
                          {formatUsd(e.savings.listAmount)}
                        </Text>
                        {isPositive(e.savings.bundleSaving) && ` · multi-buy −${formatUsd(e.savings.bundleSaving)}`}
                        {isPositive(e.savings.promoSaving) &&
                          ` · code ${e.savings.promoCode ?? ""} −${formatUsd(e.savings.promoSaving)}`}
                      </Text>
                    )}
                    <Text size="sm" ff="monospace" data-testid="ticket-numbers" style={{ overflowWrap: "anywhere" }}>
                      {ticketRangesText(e.ranges)}
                    </Text>
                    {e.instantWins.length > 0 && (
                      <Text size="sm" c="teal.9" fw={600} data-testid="entry-instant-wins">
                        Instant prize won: {e.instantWins.map((w) => `${w.label} (ticket #${w.ticket})`).join(", ")}
                      </Text>
                    )}
                    <Text size="sm" c={STATUS_COLOR[e.status]} fw={600} data-testid="entry-status">
                      {/* With an instant prize won, "not a winner" is about the draw only. */}
                      {e.instantWins.length > 0 && (e.status === "won" || e.status === "lost") ? "Draw: " : ""}
                      {entryStatusLabel(e.status, e.contestEndDate)}
                      {e.winningTicket !== null && (e.status === "won" || e.status === "lost")
                        ? ` (winning ticket #${e.winningTicket})`
                        : ""}
                    </Text>
                    {(e.status === "won" || physical) && (
                      // A prize waits for the winner's choice, with a deadline: the way there starts here.
                      <Anchor
                        component={IntentLink}
                        href="/prizes"
                        size="sm"
                        fw={700}
                        onClick={onClose}
                        data-testid="claim-prize"
                      >
                        Claim your prize
                      </Anchor>
                    )}
                  </Stack>
                </Group>
              </Card>
            );
          })}
          {query.hasNextPage && (
            <Button
              variant="light"
              onClick={() => void query.fetchNextPage()}
              loading={query.isFetchingNextPage}
              data-testid="purchases-load-more"
            >
              Load more
            </Button>
          )}
        </Stack>
      )}
    </Modal>
  );
}
