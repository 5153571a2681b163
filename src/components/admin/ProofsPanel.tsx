"use client";

import { Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { IntentLink } from "@/components/common/links";
import { TOAST, toastError, toastSuccess } from "@/components/common/toasts";
import { DateTime } from "@/components/common/useTimeZone";
import { formatUsd } from "@/shared/money-format";
import { trpc } from "@/trpc/react";
import { useSecondFactorGate } from "./SecondFactorGate";
import { useStaffAccess } from "./useStaffAccess";

/**
 * Overview: the latest proof-of-liabilities snapshot, "Take snapshot now" (proofs.takeSnapshot) and
 * the receipt key's rotation (receipts.rotateKey); docs/fair-play.md "Proof of liabilities", "Signed receipts".
 */
export function ProofsPanel() {
  const queryClient = useQueryClient();
  const { locked } = useSecondFactorGate();
  const { can } = useStaffAccess();
  const list = useQuery(trpc.proofs.liabilities.queryOptions({ limit: 1 }));
  const keys = useQuery(trpc.receipts.keys.queryOptions());
  const take = useMutation(
    trpc.proofs.takeSnapshot.mutationOptions({
      onSuccess: async (d) => {
        toastSuccess(TOAST.snapshotPublished, `${d.snapshot.leafCount} accounts, ${formatUsd(d.snapshot.total)} owed`);
        await queryClient.invalidateQueries(trpc.proofs.pathFilter());
      },
      onError: (e) => toastError(TOAST.snapshotFailed, e, "The snapshot could not be taken"),
    }),
  );
  const rotate = useMutation(
    trpc.receipts.rotateKey.mutationOptions({
      onSuccess: async (d) => {
        toastSuccess(TOAST.receiptKeyRotated, d.message);
        await queryClient.invalidateQueries(trpc.receipts.pathFilter());
      },
      onError: (e) => toastError(TOAST.receiptKeyRefused, e, "The key could not be rotated"),
    }),
  );
  const latest = list.data?.latest;
  return (
    <Paper withBorder p="md" radius="md" data-testid="admin-proofs">
      <Stack gap="xs">
        <Title order={3} size="h4">
          Proof of liabilities
        </Title>
        {latest ? (
          <Text size="sm" data-testid="admin-latest-snapshot">
            Latest: <DateTime value={latest.takenAt} /> · {latest.leafCount} accounts · {formatUsd(latest.total)} owed
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            No snapshot yet.
          </Text>
        )}
        <Text size="sm" c="dimmed">
          Receipts are signed with key {keys.data?.current ?? "…"}.
        </Text>
        <Group gap="sm">
          {can("proofs.takeSnapshot") && (
            <Button
              size="xs"
              onClick={() => take.mutate()}
              loading={take.isPending}
              disabled={locked}
              data-testid="take-snapshot"
            >
              Take snapshot now
            </Button>
          )}
          {can("receipts.rotateKey") && (
            <Button
              size="xs"
              variant="default"
              onClick={() => rotate.mutate({})}
              loading={rotate.isPending}
              disabled={locked}
              data-testid="rotate-receipt-key"
            >
              Rotate receipt key
            </Button>
          )}
          <Button size="xs" variant="subtle" component={IntentLink} href="/proof-of-liabilities">
            Public page
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
