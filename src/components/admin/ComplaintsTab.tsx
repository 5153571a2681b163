"use client";

import { Button, Card, Group, SegmentedControl, Stack, Text, Textarea, Title } from "@mantine/core";
import { LoadMore, QueryState } from "@/components/common/QueryState";
import { useMemo, useState } from "react";
import { COMPLAINT_LIMITS } from "@/shared/complaints";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { trpc } from "@/trpc/react";
import { ComplaintThread } from "../common/ComplaintThread";
import { TOAST, toastError, toastSuccess } from "../common/toasts";
import { ConfirmDialog, dialogAbout } from "@/components/common/ConfirmDialog";
import { useSecondFactorGate } from "./SecondFactorGate";
import { LIMITS } from "@/shared/constants";
import { uniqueRows } from "@/components/common/uniqueRows";

const PAGE = LIMITS.listPage;

/**
 * Admin dashboard 'Complaints' tab: open complaints by due date (overdue marked), or every complaint
 * newest first ("All"), a page at a time ("Load more").
 * A reply or the final answer is e-mailed to the player and audited; the final answer names the
 * escalation route and closes the complaint, so it asks first.
 */
export function ComplaintsTab() {
  const { locked } = useSecondFactorGate();
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<"open" | "all">("open");
  const list = useInfiniteQuery(
    trpc.complaints.adminList.infiniteQueryOptions(
      { status, limit: PAGE },
      { getNextPageParam: (last) => (last.length === PAGE ? last.at(-1)?.reference : undefined) },
    ),
  );
  // A refetch after an answer can shift rows between pages: show each complaint once.
  const rows = useMemo(() => uniqueRows(list.data?.pages, (r) => r.reference), [list.data]);
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  const [finalFor, setFinalFor] = useState<string | null>(null);
  const done = async (reference: string, title: string) => {
    setDrafts((d) => ({ ...d, [reference]: "" }));
    toastSuccess(title, `Sent for ${reference}`);
    await queryClient.invalidateQueries(trpc.complaints.adminList.pathFilter());
  };
  const reply = useMutation(
    trpc.complaints.adminReply.mutationOptions({
      onSuccess: (c) => done(c.reference, TOAST.replySent),
      onError: (e) => toastError(TOAST.replyFailed, e, "Could not send the reply"),
    }),
  );
  const answer = useMutation(
    trpc.complaints.adminAnswer.mutationOptions({
      onSuccess: async (c) => {
        setFinalFor(null);
        await done(c.reference, TOAST.finalAnswerSent);
      },
      onError: (e) => toastError(TOAST.finalAnswerFailed, e, "Could not send the final answer"),
    }),
  );
  return (
    <Card withBorder radius="md" p="lg">
      <Stack>
        <Group justify="space-between" wrap="wrap">
          <Title order={3}>Complaints</Title>
          <SegmentedControl
            aria-label="Which complaints"
            data-testid="complaints-status"
            value={status}
            onChange={(v) => setStatus(v as "open" | "all")}
            data={[
              { value: "open", label: "Open" },
              { value: "all", label: "All" },
            ]}
          />
        </Group>
        <QueryState
          query={list}
          rows={list.data ? rows : undefined}
          empty={status === "open" ? "No open complaints." : "No complaints."}
          loadingLabel="Loading complaints"
        >
          {(shown) =>
            shown.map((c) => (
              <Card key={c.reference} withBorder p="md" data-testid="admin-complaint">
                <Stack gap="xs">
                  <Text size="xs" c="dimmed">
                    {c.user.email}
                  </Text>
                  <ComplaintThread c={c} />
                  {c.status === "acknowledged" && (
                    <Stack gap="xs">
                      <Textarea
                        label={`Reply or final answer to ${c.reference}`}
                        autosize
                        minRows={2}
                        maxLength={COMPLAINT_LIMITS.messageMax}
                        value={drafts[c.reference] ?? ""}
                        onChange={(e) => setDrafts({ ...drafts, [c.reference]: e.currentTarget.value })}
                      />
                      <Group gap="xs">
                        <Button
                          size="xs"
                          variant="default"
                          disabled={!drafts[c.reference]?.trim()}
                          loading={reply.isPending && reply.variables?.reference === c.reference}
                          onClick={() => reply.mutate({ reference: c.reference, body: drafts[c.reference] ?? "" })}
                        >
                          Send reply
                        </Button>
                        <Button
                          size="xs"
                          disabled={locked || !drafts[c.reference]?.trim()}
                          onClick={() => setFinalFor(c.reference)}
                        >
                          Send final answer
                        </Button>
                      </Group>
                    </Stack>
                  )}
                </Stack>
              </Card>
            ))
          }
        </QueryState>
        <LoadMore query={list} shown={rows.length} total={null} noun="complaints" />
      </Stack>
      <ConfirmDialog
        {...dialogAbout(finalFor, setFinalFor)}
        title="Send the final answer?"
        cancelLabel="Keep it open"
        confirmLabel="Send final answer"
        loading={answer.isPending}
        onConfirm={() => finalFor && answer.mutate({ reference: finalFor, body: drafts[finalFor] ?? "" })}
      >
        <Text size="sm">
          The player receives it by e-mail with the escalation route, and the complaint {finalFor} closes: no further replies.
        </Text>
      </ConfirmDialog>
    </Card>
  );
}
