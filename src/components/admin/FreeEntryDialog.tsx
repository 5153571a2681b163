"use client";

import { Button, Group, Modal, NumberInput, Select, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { trpc } from "@/trpc/react";
import type { AdminContest } from "@/trpc/types";
import { useCurrentUser } from "../common/useCurrentUser";
import { TOAST, toastError, toastSuccess } from "@/components/common/toasts";

/** Records a received postal (free) entry for a player (docs/fair-play.md). */
export function FreeEntryDialog({ contest, onClose }: { contest: AdminContest | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  const me = useCurrentUser().user;
  const [search, setSearch] = useState("");
  const [userId, setUserId] = useState<string | null>(null);
  const [quantity, setQuantity] = useState<number | string>(1);
  const users = useQuery(trpc.admin.users.queryOptions({ search: search || undefined }, { enabled: contest !== null }));
  const record = useMutation(
    trpc.admin.recordFreeEntry.mutationOptions({
      onSuccess: async ({ entry }) => {
        toastSuccess(
          TOAST.freeEntryRecorded,
          `Ticket${entry.ticketCount === 1 ? "" : "s"} #${entry.firstTicket}${entry.ticketCount === 1 ? "" : `–#${entry.lastTicket}`}`,
        );
        setUserId(null);
        setQuantity(1);
        onClose();
        await queryClient.invalidateQueries(trpc.admin.contests.pathFilter());
      },
      onError: (e) => toastError(TOAST.freeEntryRefused, e, "Failed to record the free entry"),
    }),
  );
  return (
    <Modal opened={contest !== null} onClose={onClose} title="Record a free postal entry">
      <Stack>
        <Text size="sm">
          {contest?.title}: the tickets are issued exactly like a purchase, at $0, and count toward the same limits.
        </Text>
        <Select
          label="Player"
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          // Never the admin's own account (the server refuses it too).
          data={(users.data ?? [])
            .filter((u) => u.id !== me?.id)
            .map((u) => ({ value: u.id, label: `${u.firstName} ${u.lastName} <${u.email}>` }))}
          value={userId}
          onChange={setUserId}
          nothingFoundMessage="No player found"
        />
        <NumberInput label="Entries (tickets)" min={1} max={100} allowDecimal={false} value={quantity} onChange={setQuantity} />
        <Group justify="flex-end">
          <Button
            disabled={!userId || !contest}
            loading={record.isPending}
            onClick={() => contest && userId && record.mutate({ contestId: contest.id, userId, quantity: Number(quantity) || 1 })}
          >
            Record free entry
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
