"use client";

import { Anchor, Paper, Stack, Text } from "@mantine/core";
import { memo } from "react";
import { IntentLink } from "@/components/common/links";
import type { PublicContest } from "@/trpc/types";
import { DrawProof } from "../common/DrawProof";
import { InstantPrizesPanel } from "./InstantPrizesPanel";
import { LiveDraw } from "./LiveDraw";

/** Instant prizes, the live draw and the proof: each loads its own data. */
export const ContestProofSections = memo(function ContestProofSections({
  contestId,
  endDate,
  cancelled,
}: {
  contestId: string;
  endDate: PublicContest["endDate"];
  cancelled: boolean;
}) {
  return (
    <>
      <InstantPrizesPanel contestId={contestId} />
      {/* The draw as it happens (countdown, reveal, replay, my entries' proofs): docs/fair-play.md "Live draws".
          A cancelled contest has no draw: its page says so above and under "Provably fair draw". */}
      {!cancelled && (
        <Stack mt="xl" gap="xs">
          <Anchor component={IntentLink} href="/draws/live" size="sm">
            All live draws
          </Anchor>
          <LiveDraw contestId={contestId} endDate={endDate} />
        </Stack>
      )}

      {/* One proof block: the public draw record (docs/fair-play.md) and its check in the browser. */}
      <Paper withBorder p="md" radius="md" mt="xl" data-testid="draw-proof-card">
        <Text size="sm" c="dimmed" mb="sm">
          The draw seed was fixed when this contest opened; its SHA-256 commitment is published below. When sales close the final
          entry list is fixed (and, when configured, a public drand randomness round), so nobody can steer the result; after the
          draw the seed is revealed and anyone can recompute the winning ticket.
        </Text>
        <DrawProof contestId={contestId} />
      </Paper>
    </>
  );
});
