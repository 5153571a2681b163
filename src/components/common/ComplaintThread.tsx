"use client";

import { Anchor, Badge, Group, Paper, Stack, Text } from "@mantine/core";
import { DateTime } from "@/components/common/useTimeZone";
import { COMPLAINT_CATEGORY_LABELS, COMPLAINT_STATUS_LABELS, type ComplaintCategoryName } from "@/shared/complaints";

export type ComplaintView = {
  reference: string;
  category: string;
  subject: string;
  body: string;
  status: "acknowledged" | "answered";
  dueAt: Date | string;
  createdAt: Date | string;
  overdue: boolean;
  itemId: string | null;
  messages: { id: string; kind: "note" | "reply" | "final"; fromStaff: boolean; body: string; createdAt: Date | string }[];
  escalation?: { name: string; url: string } | null;
};

const KIND_LABEL = { note: "Note from the player", reply: "Reply", final: "Final answer" } as const;

/** A complaint's steps, oldest first: filed and acknowledged, then notes, replies and the final answer. */
export function ComplaintThread({ c }: { c: ComplaintView }) {
  return (
    <Stack gap="xs" data-testid="complaint-thread">
      <Group gap="xs" wrap="wrap">
        <Text fw={700} data-testid="complaint-reference">
          {c.reference}
        </Text>
        <Badge variant="light" color={c.status === "answered" ? "green" : c.overdue ? "red" : "blue"}>
          {c.overdue ? "Overdue" : COMPLAINT_STATUS_LABELS[c.status]}
        </Badge>
        <Text size="xs" c="dimmed">
          {COMPLAINT_CATEGORY_LABELS[c.category as ComplaintCategoryName]}
          {c.itemId ? ` (${c.itemId})` : ""}
        </Text>
      </Group>
      <Text fw={600}>{c.subject}</Text>
      <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
        {c.body}
      </Text>
      <Text size="xs" c="dimmed">
        Filed and acknowledged <DateTime value={c.createdAt} />; answer due by <DateTime value={c.dueAt} style="date" />
      </Text>
      {c.messages.map((m) => (
        <Paper key={m.id} withBorder p="xs" radius="sm" bg={m.fromStaff ? "blue.0" : undefined} data-testid="complaint-step">
          <Text size="xs" fw={600}>
            {KIND_LABEL[m.kind]} · <DateTime value={m.createdAt} />
          </Text>
          <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>
            {m.body}
          </Text>
          {m.kind === "final" && c.escalation && (
            <Text size="sm" mt={6} data-testid="complaint-escalation">
              Not satisfied with this final answer? You can take your complaint to{" "}
              <Anchor href={c.escalation.url} target="_blank" rel="noopener noreferrer" inherit>
                {c.escalation.name}
              </Anchor>
              , free of charge, quoting {c.reference}.
            </Text>
          )}
        </Paper>
      ))}
    </Stack>
  );
}
