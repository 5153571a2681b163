"use client";

import { Alert, Anchor, Button, Card, Container, Select, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
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
import { DateTime } from "@/components/common/useTimeZone";
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
                onChange={(v) => setForm({ ...form, category: (v ?? "") as ComplaintCategoryName | "" })}
                error={errors.category}
              />
              <TextInput
                label="Reference of the item (optional)"
                description="The purchase, contest, prize, payment or withdrawal id"
                value={form.itemId}
                maxLength={100}
                onChange={(e) => setForm({ ...form, itemId: e.currentTarget.value })}
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
