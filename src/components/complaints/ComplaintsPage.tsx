"use client";

import { Alert, Anchor, Button, Card, Container, Select, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { formatDateTime } from "@/shared/format";
import { formatUsd } from "@/shared/money-format";
import { ticketRangeText } from "@/shared/purchase-rules";
import { Spinner } from "@/components/common/QueryState";
import { useState } from "react";
import {
  COMPLAINT_CATEGORIES,
  COMPLAINT_CATEGORY_LABELS,
  COMPLAINT_LIMITS,
  type ComplaintCategoryName,
  fileComplaintSchema,
} from "@/shared/complaints";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { trpc } from "@/trpc/react";
import { TOAST, toastError, toastSuccess } from "../common/toasts";
import { useCurrentUser } from "../common/useCurrentUser";
import { DateTime, useTimeZone } from "@/components/common/useTimeZone";
import { ComplaintThread } from "../common/ComplaintThread";
import { SignInPrompt, useFieldErrors } from "@/components/common/SignedInPage";

const EMPTY = { category: "" as ComplaintCategoryName | "", itemId: "", subject: "", body: "" };

/** /complaints: file a complaint (reference and acknowledgement at once), follow each one, add notes. */
export function ComplaintsPage() {
  const { user, isLoading } = useCurrentUser();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.complaints.mine.queryOptions(undefined, { enabled: Boolean(user) }));
  const [form, setForm] = useState(EMPTY);
  const { errors, check } = useFieldErrors();
  const [filed, setFiled] = useState<{ reference: string; dueAt: Date } | null>(null);
  const [notes, setNotes] = useState<Record<string, string>>({});
  const file = useMutation(
    trpc.complaints.file.mutationOptions({
      onSuccess: async (c) => {
        setFiled({ reference: c.reference, dueAt: c.dueAt });
        setForm(EMPTY);
        toastSuccess(TOAST.complaintReceived, `Your reference is ${c.reference}.`);
        await queryClient.invalidateQueries(trpc.complaints.mine.pathFilter());
      },
      onError: (e) => toastError(TOAST.complaintNotFiled, e, "Could not file the complaint"),
    }),
  );
  const addNote = useMutation(
    trpc.complaints.addNote.mutationOptions({
      onSuccess: async (c) => {
        setNotes((n) => ({ ...n, [c.reference]: "" }));
        toastSuccess(TOAST.noteAdded, `Added to ${c.reference}.`);
        await queryClient.invalidateQueries(trpc.complaints.mine.pathFilter());
      },
      onError: (e) => toastError(TOAST.noteNotAdded, e, "Could not add the note"),
    }),
  );

  if (isLoading) return <Spinner m="xl" label="Loading" />;
  if (!user) {
    return <SignInPrompt to="to file or follow a complaint" />;
  }
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const input = check(fileComplaintSchema, { ...form, itemId: form.itemId || undefined });
    if (input) file.mutate(input);
  };

  return (
    <Container size="md" py="xl">
      <Stack>
        <Title order={1}>Complaints</Title>
        <Text size="sm">
          How we handle complaints, and where to go if you are not satisfied:{" "}
          <Anchor href="/complaints-policy">our complaints policy</Anchor>.
        </Text>
        {filed && (
          <Alert color="green" title="Complaint received and acknowledged" data-testid="complaint-filed">
            Your reference is <strong>{filed.reference}</strong>. We have e-mailed you an acknowledgement and will give you our
            final answer by <DateTime value={filed.dueAt} style="date" />.
          </Alert>
        )}
        <Card withBorder radius="md" p="lg">
          <form onSubmit={submit}>
            <Stack>
              <Title order={2} size="h4">
                File a complaint
              </Title>
              <Select
                label="What is it about?"
                placeholder="Choose one"
                data={COMPLAINT_CATEGORIES.map((c) => ({ value: c, label: COMPLAINT_CATEGORY_LABELS[c] }))}
                value={form.category || null}
                // Another kind of item: the one picked for the last kind no longer applies.
                onChange={(v) => setForm({ ...form, category: (v ?? "") as ComplaintCategoryName | "", itemId: "" })}
                error={errors.category}
              />
              <ItemPicker
                category={form.category}
                value={form.itemId}
                onChange={(itemId) => setForm({ ...form, itemId })}
                error={errors.itemId}
              />
              <TextInput
                label="Subject"
                value={form.subject}
                maxLength={COMPLAINT_LIMITS.subjectMax}
                onChange={(e) => setForm({ ...form, subject: e.currentTarget.value })}
                error={errors.subject}
              />
              <Textarea
                label="Description"
                autosize
                minRows={4}
                maxLength={COMPLAINT_LIMITS.bodyMax}
                value={form.body}
                onChange={(e) => setForm({ ...form, body: e.currentTarget.value })}
                error={errors.body}
              />
              <Button type="submit" loading={file.isPending}>
                File complaint
              </Button>
            </Stack>
          </form>
        </Card>
        <Title order={2} size="h3">
          Your complaints
        </Title>
        {list.isLoading ? (
          <Spinner label="Loading complaints" />
        ) : !list.data?.length ? (
          <Text c="dimmed">You have not filed any complaints.</Text>
        ) : (
          list.data.map((c) => (
            <Card key={c.reference} withBorder radius="md" p="md" data-testid="complaint-card">
              <Stack gap="sm">
                <ComplaintThread c={c} />
                {c.status === "acknowledged" && (
                  <form
                    onSubmit={(e) => {
                      e.preventDefault();
                      addNote.mutate({ reference: c.reference, body: notes[c.reference] ?? "" });
                    }}
                  >
                    <Stack gap="xs">
                      <Textarea
                        label={`Add a note to ${c.reference}`}
                        autosize
                        minRows={2}
                        maxLength={COMPLAINT_LIMITS.messageMax}
                        value={notes[c.reference] ?? ""}
                        onChange={(e) => setNotes({ ...notes, [c.reference]: e.currentTarget.value })}
                      />
                      <Button
                        type="submit"
                        variant="default"
                        size="xs"
                        loading={addNote.isPending}
                        disabled={!notes[c.reference]?.trim()}
                      >
                        Add note
                      </Button>
                    </Stack>
                  </form>
                )}
              </Stack>
            </Card>
          ))
        )}
      </Stack>
    </Container>
  );
}

/**
 * Which purchase, draw, prize, payment or withdrawal the complaint is about, picked from the
 * player's own (an id they never see could not be typed). Optional; the newest first.
 */
function ItemPicker({
  category,
  value,
  onChange,
  error,
}: {
  category: ComplaintCategoryName | "";
  value: string;
  onChange: (itemId: string) => void;
  error?: React.ReactNode;
}) {
  const zone = useTimeZone();
  const day = (d: Date | string) => formatDateTime(d, zone, "date");
  const wants = (c: ComplaintCategoryName) => category === c;
  const purchases = useQuery(trpc.cart.purchases.queryOptions({ limit: 50 }, { enabled: wants("purchase") || wants("draw") }));
  const prizes = useQuery(trpc.prizes.mine.queryOptions(undefined, { enabled: wants("prize") }));
  const payments = useQuery(trpc.payments.mine.queryOptions(undefined, { enabled: wants("payment") }));
  const withdrawals = useQuery(trpc.withdrawals.mine.queryOptions(undefined, { enabled: wants("withdrawal") }));
  const options = (() => {
    switch (category) {
      case "purchase":
        return (purchases.data ?? []).map((e) => ({
          value: e.entryId,
          label: `${e.contestTitle} · ${ticketRangeText(e.firstTicket, e.lastTicket)} · ${day(e.entryDate)}`,
        }));
      case "draw": {
        const seen = new Map<string, string>();
        for (const e of purchases.data ?? []) if (!seen.has(e.contestId)) seen.set(e.contestId, e.contestTitle);
        return [...seen].map(([id, title]) => ({ value: id, label: title }));
      }
      case "prize":
        return (prizes.data ?? []).map((p) => ({ value: p.id, label: `${p.prizeTitle} · ${day(p.claimBy)}` }));
      case "payment":
        return (payments.data ?? []).map((p) => ({
          value: p.trackId,
          label: `${formatUsd(p.amount)} · Track ID ${p.trackId} · ${day(p.createdAt)}`,
        }));
      case "withdrawal":
        return (withdrawals.data ?? []).map((w) => ({
          value: w.id,
          label: `${formatUsd(w.amount)} in ${w.cryptoCurrency} · ${day(w.createdAt)} · ${w.status}`,
        }));
      default:
        return [];
    }
  })();
  if (!category) return null;
  const noun = COMPLAINT_ITEM_NOUNS[category];
  return (
    <Select
      label={`Which ${noun}? (optional)`}
      placeholder={options.length ? `Choose a ${noun}` : `You have no ${noun}s yet`}
      data={options}
      value={value || null}
      onChange={(v) => onChange(v ?? "")}
      clearable
      searchable
      disabled={options.length === 0}
      error={error}
      data-testid="complaint-item"
    />
  );
}

const COMPLAINT_ITEM_NOUNS: Record<ComplaintCategoryName, string> = {
  purchase: "purchase",
  draw: "draw",
  prize: "prize",
  payment: "payment",
  withdrawal: "withdrawal",
};
