"use client";

import { Alert, Code, Loader, Stack, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { computeWinningTicket, sha256Hex } from "@/shared/draw";

export type DrawProofProps = {
  contestId: string;
  /** Published when the contest opened. */
  drawSeedHash: string;
  /** Revealed by the draw; null while the contest is open. */
  drawSeed: string | null;
  soldTickets: number;
  winningTicket: number | null;
};

type Check = { hashOk: boolean; ticket: number | null };

/**
 * The provably fair draw, recomputed in the visitor's browser with Web Crypto: the revealed seed
 * must hash to the commitment published when the contest opened, and HMAC-SHA256 of the seed over
 * "contestId:soldTickets:counter" (rejection sampling) must give the announced winning ticket.
 */
export function DrawProof({ contestId, drawSeedHash, drawSeed, soldTickets, winningTicket }: DrawProofProps) {
  const [check, setCheck] = useState<Check | null>(null);

  useEffect(() => {
    if (!drawSeed) return;
    let live = true;
    void (async () => {
      const [hash, ticket] = await Promise.all([sha256Hex(drawSeed), computeWinningTicket(drawSeed, contestId, soldTickets)]);
      if (live) setCheck({ hashOk: hash === drawSeedHash, ticket });
    })();
    return () => {
      live = false;
    };
  }, [contestId, drawSeed, drawSeedHash, soldTickets]);

  if (!drawSeed) {
    return (
      <Stack gap={4} data-testid="draw-proof">
        <Text size="sm" fw={600}>
          Provably fair draw
        </Text>
        <Text size="sm" c="dimmed">
          Commitment (SHA-256 of the secret seed), published before any ticket was sold:
        </Text>
        <Code block>{drawSeedHash}</Code>
        <Text size="sm" c="dimmed">
          The seed is revealed when the contest is drawn, so anyone can recompute the winning ticket.
        </Text>
      </Stack>
    );
  }

  const matches = !!check?.hashOk && check.ticket === winningTicket;
  return (
    <Stack gap={4} data-testid="draw-proof">
      <Text size="sm" fw={600}>
        Provably fair draw
      </Text>
      <Text size="sm">Seed hash (published at opening):</Text>
      <Code block>{drawSeedHash}</Code>
      <Text size="sm">Revealed seed:</Text>
      <Code block>{drawSeed}</Code>
      <Text size="sm">
        Tickets sold: {soldTickets} · Winning ticket: {winningTicket === null ? "none (no tickets sold)" : `#${winningTicket}`}
      </Text>
      {check === null ? (
        <Verifying />
      ) : matches ? (
        <Alert color="green" title="✓ Verified in your browser" data-testid="draw-proof-ok">
          sha256(seed) equals the published hash and HMAC-SHA256(seed, &quot;{contestId}:{soldTickets}:n&quot;) gives{" "}
          {check.ticket === null ? "no winner" : `ticket #${check.ticket}`}.
        </Alert>
      ) : (
        <Alert color="red" title="✗ Does not match" data-testid="draw-proof-fail">
          {check.hashOk ? `Recomputed ticket: ${check.ticket ?? "none"}` : "The seed does not hash to the published commitment."}
        </Alert>
      )}
    </Stack>
  );
}

function Verifying() {
  return <Loader size="xs" aria-label="Verifying" />;
}
