"use client";

import { Badge, Box, Button, Card, Code, Group, ScrollArea, Stack, Text, TextInput, Title } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { useEffect, useState } from "react";
import { sha256Hex } from "@/shared/draw";
import { clientSeedSchema } from "@/shared/schemas/wheel";
import { drawWheel, type WheelConfig, type WheelSegment, wheelTexts } from "@/shared/wheel";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { trpc } from "@/trpc/react";
import { DateTime } from "@/components/common/useTimeZone";
import { DataTable } from "@/components/common/DataTable";
import { TOAST, toastError, toastInfo } from "@/components/common/toasts";

type Verdict = "verified" | "mismatch" | "hidden";

/**
 * Provably fair: the active server seed's SHA-256 (committed before play), the editable client
 * seed, seed rotation (reveals the old seed) and a Verify panel that recomputes each past spin here
 * in the browser with the same code the server drew it with.
 */
export function FairnessPanel({ config }: { segments: WheelSegment[]; config: WheelConfig }) {
  const queryClient = useQueryClient();
  const fairness = useQuery(trpc.wheel.fairness.queryOptions(undefined, { staleTime: 0 }));
  const history = useQuery(trpc.wheel.history.queryOptions({ limit: 50 }, { staleTime: 0 }));
  const [revealed, setRevealed] = useState<{ serverSeed: string; serverSeedHash: string } | null>(null);
  const [verdicts, setVerdicts] = useState<Record<string, Verdict>>({});

  const form = useForm({
    mode: "controlled",
    initialValues: { clientSeed: "" },
    validate: schemaResolver(clientSeedSchema, { sync: true }),
  });
  const currentClientSeed = fairness.data?.clientSeed;
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset the field only when the server value changes
  useEffect(() => {
    if (currentClientSeed) form.setValues({ clientSeed: currentClientSeed });
  }, [currentClientSeed]);

  const setSeed = useMutation(
    trpc.wheel.setClientSeed.mutationOptions({
      onSuccess: () => {
        toastInfo(TOAST.clientSeedUpdated, "Your next spins use the new client seed.");
        void queryClient.invalidateQueries(trpc.wheel.fairness.pathFilter());
      },
      onError: (e) => toastError(TOAST.error, e, e.message),
    }),
  );
  const rotate = useMutation(
    trpc.wheel.rotateSeed.mutationOptions({
      onSuccess: (r) => {
        setRevealed({ serverSeed: r.revealed.serverSeed, serverSeedHash: r.revealed.serverSeedHash });
        void queryClient.invalidateQueries(trpc.wheel.fairness.pathFilter());
        void queryClient.invalidateQueries(trpc.wheel.history.pathFilter());
      },
      onError: (e) => toastError(TOAST.error, e, e.message),
    }),
  );

  // Recompute every revealed spin in the browser.
  useEffect(() => {
    let cancelled = false;
    const spins = history.data ?? [];
    void (async () => {
      const out: Record<string, Verdict> = {};
      for (const s of spins) {
        if (!s.serverSeed) {
          out[s.id] = "hidden";
          continue;
        }
        const hashOk = (await sha256Hex(s.serverSeed)) === s.serverSeedHash;
        const d = await drawWheel(s.serverSeed, s.clientSeed, s.nonce, config);
        out[s.id] = hashOk && d.segmentIndex === s.segmentIndex ? "verified" : "mismatch";
      }
      if (!cancelled) setVerdicts(out);
    })();
    return () => {
      cancelled = true;
    };
  }, [history.data, config]);

  const spins = history.data ?? [];
  return (
    <Card withBorder radius="md" data-testid="fairness-panel">
      <Stack gap="sm">
        <Title order={2} size="h3">
          Provably Fair
        </Title>
        <Text size="sm" c="dimmed">
          Each result is HMAC-SHA256(server seed, "client seed:nonce") mapped onto the weighted segments (
          {wheelTexts(config).odds}). You see the server seed's SHA-256 before you play; rotating the seed reveals it so every
          spin can be recomputed.
        </Text>
        <div>
          <Text size="sm" fw={600}>
            Active server seed (SHA-256)
          </Text>
          <Code block data-testid="server-seed-hash" style={{ whiteSpace: "pre-wrap", wordBreak: "break-all" }}>
            {fairness.data?.serverSeedHash ?? "…"}
          </Code>
          <Text size="xs" c="dimmed">
            Next nonce: {fairness.data?.nextNonce ?? "…"}
          </Text>
        </div>
        <form onSubmit={form.onSubmit((v) => setSeed.mutate(v))}>
          <Group align="flex-end">
            <TextInput
              label="Client seed"
              style={{ flex: 1 }}
              key={form.key("clientSeed")}
              {...form.getInputProps("clientSeed")}
            />
            <Button type="submit" variant="light" loading={setSeed.isPending}>
              Save
            </Button>
            <Button variant="outline" color="grape" onClick={() => rotate.mutate()} loading={rotate.isPending}>
              Rotate Seed
            </Button>
          </Group>
        </form>
        {revealed && (
          <div data-testid="revealed-seed">
            <Text size="sm" fw={600}>
              Revealed server seed
            </Text>
            <Code block>{revealed.serverSeed}</Code>
            <Text size="xs" c="dimmed">
              SHA-256: {revealed.serverSeedHash}
            </Text>
          </div>
        )}
        <Title order={3} size="h4">
          Verify
        </Title>
        {spins.length === 0 ? (
          <Text size="sm" c="dimmed">
            No spins yet.
          </Text>
        ) : (
          <ScrollArea.Autosize mah={320}>
            <Box fz="xs" data-testid="verify-table">
              <DataTable
                rows={spins}
                rowKey={(s) => s.id}
                columns={[
                  { label: "When", cell: (s) => <DateTime value={s.createdAt} /> },
                  { label: "Nonce", cell: (s) => s.nonce },
                  { label: "Client seed", cell: (s) => s.clientSeed },
                  {
                    label: "Result",
                    cell: (s) => `${s.segmentLabel}${s.isRespin ? " (re-spin)" : s.isPaid ? " (paid)" : " (free)"}`,
                  },
                  {
                    label: "Check",
                    lead: true,
                    cell: (s) =>
                      verdicts[s.id] === "verified" ? (
                        <Badge color="green">Verified</Badge>
                      ) : verdicts[s.id] === "mismatch" ? (
                        <Badge color="red">Mismatch</Badge>
                      ) : (
                        <Text size="xs" c="dimmed">
                          Rotate the seed to verify
                        </Text>
                      ),
                  },
                ]}
              />
            </Box>
          </ScrollArea.Autosize>
        )}
      </Stack>
    </Card>
  );
}
