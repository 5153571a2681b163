"use client";

import {
  Badge,
  Button,
  Card,
  Container,
  Group,
  MultiSelect,
  NumberInput,
  Radio,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { useState } from "react";
import { SignInPrompt, useFieldErrors } from "@/components/common/SignedInPage";
import { Spinner } from "@/components/common/QueryState";
import { DateTime } from "@/components/common/useTimeZone";
import { CATEGORY_LABELS, CONTEST_CATEGORIES, type ContestCategory } from "@/shared/constants";
import { formatUsd } from "@/shared/money-format";
import { AUTO_ENTRY_LIMITS, AUTO_ENTRY_PERIODS, type AutoEntryPeriod, createAutoEntrySchema } from "@/shared/schemas/auto-entry";
import { trpc } from "@/trpc/react";
import { TOAST, toastError, toastSuccess } from "../common/toasts";
import { useCurrentUser } from "../common/useCurrentUser";

const PERIOD_LABEL: Record<AutoEntryPeriod, string> = { weekly: "every week", daily: "every day" };
const STATUS_COLOR = { active: "green", stopped: "orange", cancelled: "gray" } as const;

/** /auto-entry: set up a standing order (docs/retention.md "Auto-entry"), see each one's status and reason, cancel in one click. */
export function AutoEntryPage() {
  const { user, isLoading } = useCurrentUser();
  const queryClient = useQueryClient();
  const preselected = useSearchParams().get("contest");
  const orders = useQuery(trpc.autoEntry.mine.queryOptions(undefined, { enabled: Boolean(user) }));
  const contests = useQuery(trpc.contests.list.queryOptions(undefined, { enabled: Boolean(user) }));
  const [mode, setMode] = useState<"contests" | "category">("contests");
  const [contestIds, setContestIds] = useState<string[]>(preselected ? [preselected] : []);
  const [category, setCategory] = useState<ContestCategory | null>(null);
  const [tickets, setTickets] = useState<number | string>(1);
  const [period, setPeriod] = useState<AutoEntryPeriod>("weekly");
  const [cap, setCap] = useState("");
  const [answers, setAnswers] = useState<Record<string, number>>({});
  const { errors, check } = useFieldErrors();

  // Every list that a purchase changes (balance, My Purchases) and the orders themselves.
  const refresh = () => queryClient.invalidateQueries();
  const create = useMutation(
    trpc.autoEntry.create.mutationOptions({
      onSuccess: async (a) => {
        toastSuccess(TOAST.autoEntrySetUp, a.message);
        setContestIds([]);
        setCategory(null);
        setAnswers({});
        setCap("");
        await refresh();
      },
      onError: (e) => toastError(TOAST.autoEntryNotSetUp, e, "Could not set up the auto-entry"),
    }),
  );
  const cancel = useMutation(
    trpc.autoEntry.cancel.mutationOptions({
      onSuccess: async (a) => {
        toastSuccess(TOAST.autoEntryCancelled, a.message);
        await refresh();
      },
      onError: (e) => toastError(TOAST.autoEntryNotCancelled, e, "Could not cancel the auto-entry"),
    }),
  );

  if (isLoading) return <Spinner m="xl" label="Loading" />;
  if (!user) return <SignInPrompt to="to set up an auto-entry" />;

  const open = (contests.data ?? []).filter((c) => c.status === "active" && !c.awaitingResults);
  // The questions to answer: each chosen contest's, or (a category) each open contest's of it.
  const asked = open.filter(
    (c) => c.skillQuestion && (mode === "contests" ? contestIds.includes(c.id) : c.category === category),
  );
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const input = check(createAutoEntrySchema, {
      ...(mode === "contests" ? { contestIds } : { category: category ?? undefined }),
      ticketsPerPeriod: typeof tickets === "number" ? tickets : Number(tickets),
      period,
      capUsd: cap,
      answers: asked
        .filter((c) => c.skillQuestion && answers[c.id] !== undefined)
        .map((c) => ({ contestId: c.id, answerIndex: answers[c.id] as number })),
    });
    if (input) create.mutate(input);
  };

  return (
    <Container size="md" py="xl">
      <Stack>
        <Title order={1}>Auto-entry</Title>
        <Text size="sm">
          Enter the same contests automatically: the first entries are bought now, then one round every period, through the normal
          checkout with your limits. It stops and tells you when your balance, a limit or an exclusion stops it, and never spends
          more than your cap.
        </Text>
        <Card withBorder radius="md" p="lg">
          <form onSubmit={submit} aria-label="Set up an auto-entry">
            <Stack>
              <Title order={2} size="h4">
                Set up an auto-entry
              </Title>
              <SegmentedControl
                value={mode}
                onChange={(v) => setMode(v as "contests" | "category")}
                data={[
                  { value: "contests", label: "Chosen contests" },
                  { value: "category", label: "A category" },
                ]}
                aria-label="Enter chosen contests or a category"
              />
              {mode === "contests" ? (
                <MultiSelect
                  label="Contests"
                  placeholder={contests.isLoading ? "Loading contests" : "Choose contests"}
                  data={open.map((c) => ({ value: c.id, label: `${c.title} (${formatUsd(c.ticketPrice)})` }))}
                  value={contestIds}
                  onChange={setContestIds}
                  maxValues={AUTO_ENTRY_LIMITS.contestsMax}
                  searchable
                  error={errors.contestIds}
                  data-testid="auto-entry-contests"
                />
              ) : (
                <Select
                  label="Category"
                  placeholder="Choose a category"
                  data={CONTEST_CATEGORIES.map((c) => ({ value: c, label: CATEGORY_LABELS[c] }))}
                  value={category}
                  onChange={(v) => setCategory(v as ContestCategory | null)}
                  error={errors.category ?? errors.contestIds}
                />
              )}
              {asked
                .filter((c) => c.skillQuestion)
                .map((c) => (
                  <Radio.Group
                    key={c.id}
                    label={`${c.title}: ${c.skillQuestion?.text}`}
                    description={
                      mode === "category" ? "Unanswered: this contest is skipped." : "Answered once now, used for every round."
                    }
                    value={answers[c.id] === undefined ? null : String(answers[c.id])}
                    onChange={(v) => setAnswers({ ...answers, [c.id]: Number(v) })}
                  >
                    <Stack gap={4} mt={4}>
                      {c.skillQuestion?.options.map((o, i) => (
                        <Radio key={o} value={String(i)} label={o} />
                      ))}
                    </Stack>
                  </Radio.Group>
                ))}
              <Group grow align="flex-start">
                <NumberInput
                  label="Tickets per contest each round"
                  min={AUTO_ENTRY_LIMITS.ticketsMin}
                  max={AUTO_ENTRY_LIMITS.ticketsMax}
                  allowDecimal={false}
                  value={tickets}
                  onChange={setTickets}
                  error={errors.ticketsPerPeriod}
                />
                <Select
                  label="How often"
                  data={AUTO_ENTRY_PERIODS.map((p) => ({ value: p, label: PERIOD_LABEL[p] }))}
                  value={period}
                  onChange={(v) => setPeriod((v ?? "weekly") as AutoEntryPeriod)}
                  allowDeselect={false}
                />
              </Group>
              <TextInput
                label="Spending cap (USD, for the whole auto-entry)"
                inputMode="decimal"
                placeholder="e.g. 20"
                value={cap}
                onChange={(e) => setCap(e.currentTarget.value)}
                error={errors.capUsd}
              />
              <Button type="submit" loading={create.isPending}>
                Set up auto-entry
              </Button>
            </Stack>
          </form>
        </Card>
        <Title order={2} size="h3">
          Your auto-entries
        </Title>
        {orders.isLoading ? (
          <Spinner label="Loading auto-entries" />
        ) : !orders.data?.length ? (
          <Text c="dimmed">You have no auto-entries.</Text>
        ) : (
          orders.data.map((o) => (
            <Card key={o.id} withBorder radius="md" p="md" data-testid="auto-entry-card">
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Text fw={600}>
                    {o.category ? `Category: ${CATEGORY_LABELS[o.category]}` : o.contests.map((c) => c.title).join(", ")}
                  </Text>
                  <Badge color={STATUS_COLOR[o.status]} data-testid="auto-entry-status">
                    {o.status}
                  </Badge>
                </Group>
                {o.stopReason && (
                  <Text size="sm" c="orange" data-testid="auto-entry-reason">
                    Stopped: {o.stopReason}.
                  </Text>
                )}
                <Text size="sm">
                  {o.ticketsPerPeriod} ticket{o.ticketsPerPeriod === 1 ? "" : "s"} per contest {PERIOD_LABEL[o.period]} · spent{" "}
                  {formatUsd(o.spentUsd)} of {formatUsd(o.capUsd)}
                  {o.nextRunAt && (
                    <>
                      {" "}
                      · next round <DateTime value={o.nextRunAt} />
                    </>
                  )}
                </Text>
                {o.recentRuns.slice(0, 3).map((r) => (
                  <Text key={`${r.contestId}-${String(r.period)}`} size="xs" c="dimmed">
                    {r.contestTitle ?? r.contestId}:{" "}
                    {r.outcome === "bought" ? `${r.tickets} bought (${formatUsd(r.amount)})` : r.outcome}
                    {r.reason ? ` — ${r.reason}` : ""}
                  </Text>
                ))}
                {o.status !== "cancelled" && (
                  <Group>
                    <Button
                      variant="light"
                      color="red"
                      size="xs"
                      loading={cancel.isPending && cancel.variables?.id === o.id}
                      onClick={() => cancel.mutate({ id: o.id })}
                    >
                      Cancel auto-entry
                    </Button>
                  </Group>
                )}
              </Stack>
            </Card>
          ))
        )}
      </Stack>
    </Container>
  );
}
