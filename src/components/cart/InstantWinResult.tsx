"use client";

import { Badge, Button, Group, Modal, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { useReducedMotion } from "@mantine/hooks";
import { IconGift } from "@tabler/icons-react";
import { IntentLink } from "@/components/common/links";
import { INSTANT_PRIZE_KIND_LABELS } from "@/shared/instant-wins";
import { formatUsd } from "@/shared/money-format";
import type { RouterOutputs } from "@/trpc/types";

export type InstantWin = RouterOutputs["cart"]["checkout"]["instantWins"][number];

/** What happens next, for the kinds won: money is in the balance already, a prize waits under My Prizes. */
export function instantWinNote(physical: boolean, money: boolean): string {
  if (physical && money)
    return "The cash and credit are already in your balance. Claim your prize (or its cash alternative) under My Prizes.";
  if (physical) return "Claim your prize (or its cash alternative) under My Prizes.";
  return "Already added to your balance.";
}

/**
 * The instant-win result screen after checkout (docs/contests.md "Instant wins"): shown instead of
 * a plain "purchase successful" when a new ticket hit a committed winning number.
 */
export function InstantWinResult({ wins, onClose }: { wins: InstantWin[]; onClose: () => void }) {
  const reduce = useReducedMotion();
  const physical = wins.some((w) => w.kind === "physical");
  const money = wins.some((w) => w.kind !== "physical");
  return (
    <Modal
      opened={wins.length > 0}
      onClose={onClose}
      centered
      title="Instant win"
      transitionProps={{ duration: reduce ? 0 : 200 }}
      data-testid="instant-win-result"
    >
      <Stack align="center" gap="md">
        <ThemeIcon size={64} radius="xl" color="yellow" variant="light" aria-hidden>
          <IconGift size={36} />
        </ThemeIcon>
        <Title order={2} ta="center">
          You won {wins.length === 1 ? "an instant prize" : `${wins.length} instant prizes`}!
        </Title>
        <Stack gap="xs" w="100%">
          {wins.map((w) => (
            <Group key={w.instantPrizeId} justify="space-between" wrap="nowrap" data-testid="instant-win">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text fw={600}>{w.label}</Text>
                <Text size="sm" c="dimmed">
                  Ticket #{w.ticket} · {w.contestTitle}
                </Text>
              </Stack>
              <Badge variant="light" style={{ flexShrink: 0 }}>
                {w.kind === "physical"
                  ? INSTANT_PRIZE_KIND_LABELS.physical
                  : `${formatUsd(w.amount)} ${w.kind === "cash" ? "cash" : "credit"}`}
              </Badge>
            </Group>
          ))}
        </Stack>
        <Text size="sm" c="dimmed" ta="center">
          {instantWinNote(physical, money)} The winning numbers were fixed and committed before sales opened.
        </Text>
        <Group justify="center">
          {physical && (
            <Button component={IntentLink} href="/prizes" variant="light" onClick={onClose}>
              My Prizes
            </Button>
          )}
          <Button onClick={onClose} data-autofocus>
            Continue
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
