"use client";

import { ActionIcon, Button, Group, Modal, NumberInput, Stack, Text } from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { formatUsd } from "@/shared/money-format";
import { BUNDLE_LIMITS, tierSaving } from "@/shared/pricing";
import { bundleTiersSchema } from "@/shared/schemas/pricing";
import { useMutation } from "@tanstack/react-query";
import { trpc } from "@/trpc/react";
import type { PublicContest } from "@/trpc/types";
import { TOAST, toastError, toastSuccess } from "../common/toasts";
import { useInvalidate } from "@/components/common/useInvalidate";

type Row = { quantity: number | string; percentOff: number | string };

/** A contest's multi-buy prices: up to 5 tiers, 1..90% off; a price change only, never extra tickets. */
export function BundleTiersDialog({ contest, onClose }: { contest: PublicContest | null; onClose: () => void }) {
  const invalidate = useInvalidate();
  const [rows, setRows] = useState<Row[]>([]);
  useEffect(() => setRows(contest?.bundleTiers.map((t) => ({ ...t })) ?? []), [contest]);
  const parsed = bundleTiersSchema.safeParse(
    rows.map((r) => ({ quantity: Number(r.quantity), percentOff: Number(r.percentOff) })),
  );
  const problem = parsed.success ? null : (parsed.error.issues[0]?.message ?? "Check the tiers");
  const save = useMutation(
    trpc.pricing.setBundleTiers.mutationOptions({
      onSuccess: async () => {
        toastSuccess(TOAST.bundlePricesSaved, contest?.title ?? "");
        onClose();
        await invalidate(trpc.admin.contests, trpc.contests);
      },
      onError: (e) => toastError(TOAST.bundlePricesRefused, e, "Failed to save the bundle prices"),
    }),
  );
  const set = (i: number, patch: Partial<Row>) => setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  return (
    <Modal opened={contest !== null} onClose={onClose} title="Multi-buy prices">
      <Stack>
        <Text size="sm">
          {contest?.title}: a line of at least this many tickets pays this much less. Prices only: the tickets and odds stay the
          same.
        </Text>
        {rows.length === 0 && (
          <Text size="sm" c="dimmed">
            No bundle prices: every ticket costs {formatUsd(contest?.ticketPrice)}.
          </Text>
        )}
        {rows.map((r, i) => (
          <Group key={i} align="flex-end" wrap="nowrap" data-testid="bundle-tier-row">
            <NumberInput
              label="Tickets"
              min={BUNDLE_LIMITS.quantityMin}
              allowDecimal={false}
              value={r.quantity}
              onChange={(v) => set(i, { quantity: v })}
            />
            <NumberInput
              label="% off"
              min={BUNDLE_LIMITS.percentMin}
              max={BUNDLE_LIMITS.percentMax}
              allowDecimal={false}
              value={r.percentOff}
              onChange={(v) => set(i, { percentOff: v })}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={`Remove tier ${i + 1}`}
              onClick={() => setRows((rs) => rs.filter((_, j) => j !== i))}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
        {parsed.success && contest && parsed.data.length > 0 && (
          <Text size="xs" c="dimmed">
            {parsed.data.map((t) => `${t.quantity} tickets save ${formatUsd(tierSaving(contest.ticketPrice, t))}`).join(" · ")}
          </Text>
        )}
        {problem && rows.length > 0 && (
          <Text size="sm" c="red">
            {problem}
          </Text>
        )}
        <Group justify="space-between">
          <Button
            variant="default"
            leftSection={<IconPlus size={14} />}
            disabled={rows.length >= BUNDLE_LIMITS.tiersMax}
            onClick={() => setRows((rs) => [...rs, { quantity: "", percentOff: "" }])}
          >
            Add tier
          </Button>
          <Button
            disabled={!parsed.success || !contest}
            loading={save.isPending}
            onClick={() => contest && parsed.success && save.mutate({ contestId: contest.id, tiers: parsed.data })}
          >
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
