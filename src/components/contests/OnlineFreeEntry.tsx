"use client";

import { memo } from "react";
import { Button, Paper, Text, Title } from "@mantine/core";
import { IconGift } from "@tabler/icons-react";
import { FAIR_PLAY_MESSAGES } from "@/shared/fair-play-messages";
import type { PublicContest } from "@/trpc/types";
import { useMutation, useQuery } from "@tanstack/react-query";
import { trpc } from "@/trpc/react";
import { playerQueriesEnabled, useCurrentUser } from "../common/useCurrentUser";
import { showToast, TOAST, toastSuccess } from "../common/toasts";
import { useInvalidate } from "@/components/common/useInvalidate";
import { DateTime, useTimeZone } from "@/components/common/useTimeZone";
import { formatDateTime } from "@/shared/format";
import { PICK_MESSAGES } from "@/shared/ticket-picking";

/**
 * The online free entry (docs/fair-play.md), next to the paid entry and the postal route: one free
 * ticket per contest per period, same odds, behind the skill question above.
 */
export const OnlineFreeEntry = memo(function OnlineFreeEntry({
  contest,
  answerIndex,
}: {
  contest: Pick<PublicContest, "id" | "title" | "skillQuestion">;
  answerIndex: number | undefined;
}) {
  const { user } = useCurrentUser();
  const zone = useTimeZone();
  const invalidate = useInvalidate();
  // When the next one opens, known before the click (null: one is open now).
  const status = useQuery(trpc.picking.freeEntryStatus.queryOptions({ id: contest.id }, { enabled: playerQueriesEnabled(user) }));
  const nextAt = user ? (status.data?.nextAt ?? null) : null;
  const used = nextAt !== null && new Date(nextAt).getTime() > Date.now();
  const enter = useMutation(
    trpc.picking.freeEntry.mutationOptions({
      onSuccess: async (r) => {
        toastSuccess(TOAST.freeEntryReceived, r.message);
        await invalidate(trpc.contests, trpc.cart.purchases, trpc.picking.numbers, trpc.picking.freeEntryStatus);
      },
      onError: async (error) => {
        // Used meanwhile (another tab): the time in the player's zone, and the button says so from now on.
        const fresh = error.data?.code === "CONFLICT" ? (await status.refetch()).data?.nextAt : null;
        showToast(
          TOAST.onlineFreeEntryRefused,
          fresh ? PICK_MESSAGES.freeEntryUsed(contest.title, `from ${formatDateTime(fresh, zone)}`) : error.message,
          "error",
        );
      },
    }),
  );
  const onClick = () => {
    if (!user) {
      showToast(TOAST.signInRequired, "Please sign in to enter for free", "error");
      return;
    }
    if (contest.skillQuestion && answerIndex === undefined) {
      showToast(TOAST.error, FAIR_PLAY_MESSAGES.answerMissing, "error");
      return;
    }
    enter.mutate({ contestId: contest.id, ...(answerIndex === undefined ? {} : { answerIndex }) });
  };
  return (
    <Paper withBorder p="md" radius="md" data-testid="online-free-entry">
      <Title order={2} size="h3">
        Free entry online
      </Title>
      <Text size="sm" mt={4}>
        No purchase necessary: one free ticket per account for this contest per period, with exactly the same chance of winning as
        a paid ticket{contest.skillQuestion ? " (answer the question above first)" : ""}.
      </Text>
      {used && nextAt && (
        <Text size="sm" mt={4} fw={600} data-testid="free-entry-next">
          You have had your free entry: the next one opens <DateTime value={nextAt} />.
        </Text>
      )}
      <Button
        mt="sm"
        variant="outline"
        leftSection={<IconGift size={18} />}
        loading={enter.isPending}
        disabled={used}
        onClick={onClick}
      >
        {used ? "Free entry used" : "Enter for free"}
      </Button>
    </Paper>
  );
});
