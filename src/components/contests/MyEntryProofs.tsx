"use client";

import { Alert, Anchor, Button, Group, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { DRAW_SCHEME_MERKLE, verifyInclusion } from "@/shared/merkle";
import { useInfiniteQuery, useQueryClient } from "@tanstack/react-query";
import { LIMITS } from "@/shared/constants";
import { ticketRangeText } from "@/shared/purchase-rules";
import { trpc } from "@/trpc/react";
import type { RouterOutputs } from "@/trpc/types";
import { TOAST, toastError } from "../common/toasts";

type DrawRecord = RouterOutputs["contests"]["drawRecord"];
type Proof = RouterOutputs["contests"]["drawProof"];
type Result = { proof: Proof; ok: boolean; href: string };

/** "Prove ticket #3 was in the draw", "Prove tickets #1–#2 were in the draw". */
const proveText = (a: number, b: number) =>
  `Prove ${ticketRangeText(a, b).replace(/^T/, "t")} ${a === b ? "was" : "were"} in the draw`;

const PAGE = LIMITS.listPage;

/**
 * "My tickets were in the draw": for each of the player's entries in this contest (its own pages of
 * My Purchases, LIMITS.listPage at a time, so entries in other contests never crowd them out), the
 * server's inclusion proof (owner only) checked here against the public entriesHash, and the proof
 * as a file for `npm run verify:draw -- <site> <contest> --proof <file>`.
 */
export function MyEntryProofs({ record }: { record: DrawRecord }) {
  const queryClient = useQueryClient();
  const purchases = useInfiniteQuery(
    trpc.cart.purchases.infiniteQueryOptions(
      { limit: PAGE, contestId: record.contestId },
      { getNextPageParam: (last) => (last.length === PAGE ? last.at(-1)?.entryId : undefined) },
    ),
  );
  const [results, setResults] = useState<Record<string, Result>>({});
  const [busy, setBusy] = useState<string | null>(null);
  const mine = purchases.data?.pages.flat() ?? [];
  if (mine.length === 0) return null;
  if (record.scheme !== DRAW_SCHEME_MERKLE) {
    return (
      <Text size="xs" c="dimmed">
        This draw predates inclusion proofs: find your tickets in the downloadable entry list instead.
      </Text>
    );
  }
  const prove = async (entry: string) => {
    setBusy(entry);
    try {
      const proof = await queryClient.fetchQuery(trpc.contests.drawProof.queryOptions({ id: record.contestId, entry }));
      const ok = record.entriesHash !== null && (await verifyInclusion(proof, record.entriesHash));
      const href = URL.createObjectURL(new Blob([JSON.stringify(proof, null, 2)], { type: "application/json" }));
      setResults((r) => ({ ...r, [entry]: { proof, ok, href } }));
    } catch (e) {
      toastError(TOAST.proofNotFetched, e, "Please try again in a moment");
    } finally {
      setBusy(null);
    }
  };
  return (
    <Stack gap={4} data-testid="my-entry-proofs">
      <Text size="sm" fw={600}>
        My tickets were in the draw
      </Text>
      {mine.map((p) => {
        const res = results[p.entryId];
        return (
          <Stack key={p.entryId} gap={2}>
            <Group gap="xs">
              <Text size="sm">{ticketRangeText(p.firstTicket, p.lastTicket)}</Text>
              <Button size="xs" variant="light" loading={busy === p.entryId} onClick={() => void prove(p.entryId)}>
                {proveText(p.firstTicket, p.lastTicket)}
              </Button>
            </Group>
            {res && (
              <Alert color={res.ok ? "green" : "red"} data-testid={res.ok ? "entry-proof-ok" : "entry-proof-fail"}>
                {res.ok
                  ? `✓ Verified in your browser: entry ${res.proof.index + 1} of ${res.proof.leafCount} reaches the published entry-list root with ${res.proof.siblings.length} hashes.`
                  : "✗ This proof does not reach the published root."}{" "}
                <Anchor size="xs" href={res.href} download={`proof-${p.entryId}.json`}>
                  Download the proof
                </Anchor>
              </Alert>
            )}
          </Stack>
        );
      })}
      {purchases.hasNextPage && (
        <Button
          size="xs"
          variant="subtle"
          loading={purchases.isFetchingNextPage}
          onClick={() => void purchases.fetchNextPage()}
          style={{ alignSelf: "flex-start" }}
        >
          Show more of my tickets
        </Button>
      )}
    </Stack>
  );
}
