"use client";

import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { trpc } from "@/trpc/react";
import { TOAST, toastError, toastSuccess } from "./toasts";
import { EMPTY_LIMIT_DRAFT, type LimitDraft, SpendLimitFields } from "./SpendLimitFields";
import { limitDraftInput } from "./spendLimitDraft";
import { SupportLinks } from "./SupportLinks";
import { useInvalidate } from "./useInvalidate";

/**
 * The spend-limit prompt before a purchase or top-up, for a player who has not answered it yet
 * (standing.askLimitChoice: signed up through the API, or before the prompt existed). The server
 * records the answer once (saferPlay.chooseLimits); `onDone` carries on with what was clicked.
 */
export function LimitPromptModal({ opened, onClose, onDone }: { opened: boolean; onClose: () => void; onDone: () => void }) {
  const [draft, setDraft] = useState<LimitDraft>(EMPTY_LIMIT_DRAFT);
  const [error, setError] = useState<string | undefined>();
  const invalidate = useInvalidate();
  const choose = useMutation(
    trpc.saferPlay.chooseLimits.mutationOptions({
      onSuccess: async (res) => {
        await invalidate(trpc.responsiblePlay.standing, trpc.responsiblePlay.limits);
        toastSuccess(TOAST.spendLimitSaved, res.message);
        setDraft(EMPTY_LIMIT_DRAFT);
        onDone();
      },
      onError: (e) => toastError(TOAST.limitAnswerNotSaved, e, "Please try again."),
    }),
  );
  const submit = () => {
    const out = limitDraftInput(draft);
    if ("error" in out) return setError(out.error);
    setError(undefined);
    choose.mutate(out.input);
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Before you play: a spend limit?" centered>
      <Stack>
        <Text size="sm">
          Most players who set a limit find it easier to keep play fun. Pick one, or tell us you do not want one for now.
        </Text>
        <SpendLimitFields value={draft} onChange={setDraft} error={error} />
        <SupportLinks compact />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Not now
          </Button>
          <Button onClick={submit} loading={choose.isPending} data-testid="limit-prompt-save">
            Save and continue
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
