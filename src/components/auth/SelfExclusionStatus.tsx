"use client";

import { Alert, Button, Group, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { SELF_EXCLUSION_COOLING_OFF_HOURS } from "@/shared/responsible-play-messages";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { trpc } from "@/trpc/react";
import type { RouterOutputs } from "@/trpc/types";
import { answerToasts, TOAST } from "../common/toasts";
import { DateTime } from "../common/useTimeZone";
import { SupportLinks } from "../common/SupportLinks";

type Limits = RouterOutputs["responsiblePlay"]["limits"];

/**
 * A running self-exclusion in Responsible play: until when, and the way out, which only takes
 * effect SELF_EXCLUSION_COOLING_OFF_HOURS after the player asks (and never before the chosen period).
 */
export function SelfExclusionStatus({ limits: v }: { limits: Limits }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const end = useMutation(
    trpc.saferPlay.endSelfExclusion.mutationOptions(
      answerToasts(
        [TOAST.selfExclusionEndRequested],
        [TOAST.selfExclusionEndRequestFailed, "Failed to ask for the end of your self-exclusion"],
        () => {
          setConfirming(false);
          return queryClient.invalidateQueries(trpc.responsiblePlay.pathFilter());
        },
      ),
    ),
  );
  if (!v.selfExcluded) return null;
  return (
    <Alert color="red" data-testid="self-excluded">
      <Stack gap="xs">
        <Text size="sm">
          {v.selfExcludedUntil ? (
            <>
              Your account is self-excluded until <DateTime value={v.selfExcludedUntil} style="long" />
              {v.selfExclusionEndRequested ? " (you asked to end it)" : ", and after that until you ask to end it"}.
            </>
          ) : (
            <>Your chosen period is over; your account stays self-excluded until you ask to end it.</>
          )}{" "}
          You can still sign in, read your history and withdraw.
        </Text>
        {!v.selfExclusionEndRequested &&
          (confirming ? (
            <Stack gap="xs">
              <Text size="sm">
                Ending a self-exclusion takes effect {SELF_EXCLUSION_COOLING_OFF_HOURS} hours after you ask, and never before the
                period you chose. Are you sure?
              </Text>
              <Group>
                <Button color="red" size="xs" loading={end.isPending} onClick={() => end.mutate()}>
                  Yes, end it after the cooling-off
                </Button>
                <Button variant="default" size="xs" onClick={() => setConfirming(false)}>
                  Keep it
                </Button>
              </Group>
            </Stack>
          ) : (
            <Button size="xs" variant="light" color="red" onClick={() => setConfirming(true)} style={{ alignSelf: "flex-start" }}>
              Ask to end my self-exclusion
            </Button>
          ))}
        <SupportLinks compact />
      </Stack>
    </Alert>
  );
}
