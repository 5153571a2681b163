"use client";

import { Anchor, Badge, Button, Card, Center, Grid, Group, List, Paper, Progress, Stack, Text, Title } from "@mantine/core";
import { Spinner } from "@/components/common/QueryState";
import { useReducedMotion } from "@mantine/hooks";
import { useEffect, useRef, useState } from "react";
import { DELAYS } from "@/shared/constants";
import { formatUsd, isAtLeast } from "@/shared/money";
import { DEFAULT_WHEEL_CONFIG, WHEEL_ANIMATION, type WheelOutcome, wheelResultToast, wheelTexts } from "@/shared/wheel";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { trpc } from "@/trpc/react";
import { useCurrentUser } from "../common/useCurrentUser";
import { FairnessPanel } from "./FairnessPanel";
import { WheelCanvas, type WheelCanvasHandle } from "./WheelCanvas";
import { RestrictionNotice, restrictionLabel, usePlayerStanding } from "../common/PlayerStanding";
import { showToast, TOAST, toastError } from "@/components/common/toasts";
import { LimitPromptModal } from "../common/LimitPromptModal";
import { SupportLinks } from "../common/SupportLinks";

type LastResult = { label: string; outcome: WheelOutcome; prize: string };

function countdown(to: Date, now: number): string {
  const s = Math.max(0, Math.ceil((to.getTime() - now) / 1000));
  const hh = String(Math.floor(s / 3600)).padStart(2, "0");
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, "0");
  const ss = String(s % 60).padStart(2, "0");
  return `${hh}:${mm}:${ss}`;
}

/** /wheel: docs/product.md §2 Fortune Wheel page. The server draws; this animates onto its segment. */
export function WheelGame() {
  const { user, isLoading } = useCurrentUser();
  if (isLoading) {
    return (
      <Center py="xl">
        <Spinner />
      </Center>
    );
  }
  if (!user) {
    return (
      <Center py="xl">
        <Stack align="center" gap="xs">
          <Text size="lg">Please log in to play the fortune wheel</Text>
          <Anchor href="/api/login">Log In</Anchor>
        </Stack>
      </Center>
    );
  }
  return <SignedInWheel />;
}

function SignedInWheel() {
  const queryClient = useQueryClient();
  const config = useQuery(trpc.wheel.config.queryOptions()).data ?? DEFAULT_WHEEL_CONFIG;
  const status = useQuery(trpc.wheel.status.queryOptions(undefined, { refetchOnWindowFocus: true, staleTime: 0 }));
  const spin = useMutation(trpc.wheel.spin.mutationOptions());
  const wheel = useRef<WheelCanvasHandle>(null);
  const busy = useRef(false);
  const [spinning, setSpinning] = useState(false);
  const [startedAt, setStartedAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const [last, setLast] = useState<LastResult | null>(null);
  const [prompting, setPrompting] = useState(false); // the spend-limit prompt before a paid spin
  const reducedMotion = useReducedMotion() ?? false;
  const minSpinMs = reducedMotion ? 0 : WHEEL_ANIMATION.minSpinMs;

  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), spinning ? 100 : 1000);
    return () => clearInterval(id);
  }, [spinning]);

  const s = status.data;
  const nextFree = s?.nextFreeSpinAt ? new Date(s.nextFreeSpinAt) : null;
  // The daily free spin comes back when the countdown runs out: ask the server again.
  const nextFreeMs = nextFree?.getTime() ?? null;
  const refetchStatus = status.refetch;
  useEffect(() => {
    if (nextFreeMs === null) return;
    const ms = nextFreeMs - Date.now();
    if (ms > 2 ** 31 - 1) return;
    const id = setTimeout(() => void refetchStatus(), Math.max(0, ms) + 500);
    return () => clearTimeout(id);
  }, [nextFreeMs, refetchStatus]);

  const price = s?.spinPrice ?? config.spinPrice;
  const canSpinFree = s?.canSpinFree ?? false;
  const balanceOk = s ? isAtLeast(s.balance, price) : false;
  // Self-exclusion and an undeclared age stop every spin, a used-up limit the paid ones (server's answer).
  const standing = usePlayerStanding();
  const blocked = standing ? !(canSpinFree ? standing.maySpinFree : standing.mayBuy) : false;
  // Texts follow the live configuration, with the server's price when it differs.
  const texts = wheelTexts({ ...config, spinPrice: price });

  async function onSpin() {
    if (busy.current || !s) return; // no spin while one runs
    busy.current = true;
    setSpinning(true);
    const t0 = Date.now();
    setStartedAt(t0);
    setNow(t0); // else the countdown reads a clock up to a second old and starts at "4s"
    wheel.current?.start();
    try {
      const result = await spin.mutateAsync({ isPaid: !canSpinFree });
      await wheel.current?.stopAt(result.segmentIndex);
      setLast({ label: result.segmentLabel, outcome: result.outcome, prize: result.prize });
      queryClient.setQueryData(trpc.wheel.status.queryKey(), {
        paidSpinsEnabled: status.data?.paidSpinsEnabled ?? true,
        balance: result.balance,
        canSpinFree: result.canSpinFree,
        nextFreeSpinAt: result.nextFreeSpinAt,
        pendingRespin: result.pendingRespin,
        freeSpinsAvailable: result.freeSpinsAvailable,
        spinPrice: result.spinPrice,
      });
      const toast = wheelResultToast(result.outcome, result.prize);
      setTimeout(() => {
        showToast(
          toast.title,
          toast.message,
          result.outcome === "prize" ? "success" : result.outcome === "retry" ? "warning" : "neutral",
        );
      }, DELAYS.wheelResultToast);
    } catch (err) {
      wheel.current?.halt(); // a spin error stops the wheel
      toastError(TOAST.error, err, "Spin failed");
    } finally {
      busy.current = false;
      setSpinning(false);
      void queryClient.invalidateQueries(trpc.wheel.status.pathFilter());
      void queryClient.invalidateQueries(trpc.auth.me.pathFilter());
      void queryClient.invalidateQueries(trpc.wheel.history.pathFilter());
      void queryClient.invalidateQueries(trpc.wheel.fairness.pathFilter());
      void queryClient.invalidateQueries(trpc.responsiblePlay.standing.pathFilter());
    }
  }

  const elapsed = now - startedAt;
  const progress = spinning ? (minSpinMs > 0 ? Math.min(100, (elapsed / minSpinMs) * 100) : 100) : 0;
  const secondsLeft = Math.min(Math.ceil(minSpinMs / 1000), Math.max(0, Math.ceil((minSpinMs - elapsed) / 1000)));

  return (
    <Stack gap="lg">
      <RestrictionNotice standing={standing} />
      <Paper withBorder p="lg" radius="md" bg="var(--mantine-color-grape-0)">
        <Group justify="space-between" wrap="wrap">
          <div>
            <Title order={1}>Fortune Wheel</Title>
            <Text c="dimmed">{texts.headline}</Text>
            <Text fw={600} mt={4} data-testid="wheel-balance">
              Balance: {s ? formatUsd(s.balance, "mills") : "…"}
            </Text>
          </div>
          <Stack gap={4} align="flex-end">
            {canSpinFree ? (
              <Button size="lg" color="green" onClick={onSpin} disabled={spinning || !s || blocked} data-testid="spin-button">
                {blocked && standing?.restriction
                  ? restrictionLabel(standing.restriction)
                  : s?.pendingRespin
                    ? "Free Re-Spin"
                    : "Free Spin"}
              </Button>
            ) : (
              <Button
                size="lg"
                // A paid spin is a purchase: the spend-limit prompt comes first while unanswered.
                onClick={() => (standing?.askLimitChoice ? setPrompting(true) : onSpin())}
                disabled={spinning || !s || !balanceOk || blocked || status.data?.paidSpinsEnabled === false}
                data-testid="spin-button"
              >
                {blocked && standing?.restriction ? restrictionLabel(standing.restriction) : texts.spinFor}
              </Button>
            )}
            {s && !canSpinFree && status.data?.paidSpinsEnabled === false && (
              <Text size="sm" c="dimmed" data-testid="paid-spins-off">
                Paid spins are turned off: come back for your free daily spin.
              </Text>
            )}
            {s && !canSpinFree && !balanceOk && (
              <Text size="sm" c="red">
                {texts.needBalance}
              </Text>
            )}
            {s && !canSpinFree && <SupportLinks compact />}
            <LimitPromptModal
              opened={prompting}
              onClose={() => setPrompting(false)}
              onDone={() => {
                setPrompting(false);
                void onSpin();
              }}
            />
          </Stack>
        </Group>
      </Paper>

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack align="center" gap="sm">
            <WheelCanvas ref={wheel} segments={config.segments} reducedMotion={reducedMotion} />
            <div style={{ width: "100%", maxWidth: WHEEL_ANIMATION.canvasSize }}>
              <Progress value={progress} animated={spinning} aria-label="Spin progress" />
              <Text size="sm" ta="center" c="dimmed" mt={4} data-testid="spin-countdown">
                {spinning ? (secondsLeft > 0 ? `Spinning… ${secondsLeft}s` : "Stopping…") : "Ready"}
              </Text>
            </div>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack>
            <Card withBorder radius="md" data-testid="free-spin-card">
              <Text fw={600}>Free Spins</Text>
              <Text size="xl" fw={800} data-testid="free-spin-count">
                {s?.freeSpinsAvailable ?? 0}
              </Text>
              <Text size="sm" c="dimmed">
                {standing && !standing.maySpinFree
                  ? "Spins are paused: see the notice above."
                  : s?.pendingRespin
                    ? "TRY AGAIN gave you a free re-spin."
                    : nextFree
                      ? `Next free spin in ${countdown(nextFree, now)}`
                      : "Your daily free spin is ready."}
              </Text>
            </Card>
            <Card withBorder radius="md" data-testid="last-result">
              <Text fw={600}>Last Result</Text>
              {last ? (
                <Group gap="xs">
                  <Badge size="lg" color={last.outcome === "prize" ? "green" : last.outcome === "retry" ? "yellow" : "red"}>
                    {last.label}
                  </Badge>
                  <Text size="sm">{wheelResultToast(last.outcome, last.prize).message}</Text>
                </Group>
              ) : (
                <Text size="sm" c="dimmed">
                  No spins yet.
                </Text>
              )}
            </Card>
            <Card withBorder radius="md">
              <Title order={3} size="h4">
                How to Play
              </Title>
              <List size="sm" spacing={4} mt="xs">
                <List.Item>{texts.howToFree}</List.Item>
                <List.Item>{texts.minSpin}</List.Item>
                {texts.howToPrizes && <List.Item>{texts.howToPrizes}</List.Item>}
                <List.Item>TRY AGAIN gives you one more spin of the same kind at no cost. LOSE ends the round.</List.Item>
                <List.Item>Every result is drawn by the server and can be verified below.</List.Item>
              </List>
            </Card>
          </Stack>
        </Grid.Col>
      </Grid>

      <FairnessPanel segments={config.segments} config={config} />
    </Stack>
  );
}
