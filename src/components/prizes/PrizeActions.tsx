"use client";

import { Button, Group, Modal, Stack, Text, Textarea } from "@mantine/core";
import { useState } from "react";
import { COMPLAINT_LIMITS } from "@/shared/complaints";
import { useMutation } from "@tanstack/react-query";
import { trpc } from "@/trpc/react";
import { answerToasts, TOAST } from "../common/toasts";
import { useInvalidate } from "@/components/common/useInvalidate";

/** The winner's answer to a shipped or delivered prize: confirm it arrived, or dispute it (a complaint). */
export function PrizeActions({ prize }: { prize: { id: string; prizeTitle: string } }) {
  const invalidate = useInvalidate();
  const [disputing, setDisputing] = useState(false);
  const [body, setBody] = useState("");
  const refresh = () => invalidate(trpc.prizes.mine, trpc.complaints.mine);
  const confirm = useMutation(
    trpc.prizes.confirmReceipt.mutationOptions(
      answerToasts([TOAST.receiptConfirmed], [TOAST.confirmationFailed, "Could not confirm receipt"], refresh),
    ),
  );
  const dispute = useMutation(
    trpc.prizes.dispute.mutationOptions(
      answerToasts([TOAST.disputeFiled], [TOAST.disputeFailed, "Could not file the dispute"], () => {
        setDisputing(false);
        setBody("");
        return refresh();
      }),
    ),
  );
  return (
    <>
      <Group gap="xs">
        <Button size="xs" onClick={() => confirm.mutate({ id: prize.id })} loading={confirm.isPending}>
          I received it
        </Button>
        <Button size="xs" variant="default" color="red" onClick={() => setDisputing(true)}>
          Report a problem
        </Button>
      </Group>
      <Modal opened={disputing} onClose={() => setDisputing(false)} title={`Dispute the delivery of "${prize.prizeTitle}"`}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            dispute.mutate({ id: prize.id, body });
          }}
        >
          <Stack>
            <Text size="sm">
              Your dispute becomes a complaint with a reference; we acknowledge it at once and e-mail every step.
            </Text>
            <Textarea
              label="What went wrong?"
              required
              autosize
              minRows={3}
              maxLength={COMPLAINT_LIMITS.bodyMax}
              value={body}
              onChange={(e) => setBody(e.currentTarget.value)}
            />
            <Button type="submit" color="red" loading={dispute.isPending} disabled={!body.trim()}>
              File the dispute
            </Button>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
