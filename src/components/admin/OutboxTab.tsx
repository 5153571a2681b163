"use client";

import { Badge, Card, Code, Group, Modal, Stack, Text, Title } from "@mantine/core";
import { dialogAbout } from "@/components/common/ConfirmDialog";
import { useDebouncedValue } from "@mantine/hooks";
import { useMemo, useState } from "react";
import { useInfiniteQuery } from "@tanstack/react-query";
import { trpc } from "@/trpc/react";
import type { RouterOutputs } from "@/trpc/types";
import { DateTime } from "@/components/common/useTimeZone";
import { LoadMore, QueryState } from "@/components/common/QueryState";
import { DataTable } from "@/components/common/DataTable";
import { SearchInput } from "@/components/common/SearchInput";
import { useSecondFactorGate } from "./SecondFactorGate";
import { LIMITS } from "@/shared/constants";
import { uniqueRows } from "@/components/common/uniqueRows";

const PAGE = LIMITS.listPage;

type OutboxMail = RouterOutputs["admin"]["outbox"][number];

/** `held`: waiting for the player to verify their address (docs/email.md "Verified addresses"). */
const STATUS_COLOR = { pending: "yellow", sent: "green", failed: "red", held: "gray" } as const;
const STATUS_LABEL = { pending: "pending", sent: "sent", failed: "failed", held: "held: address not verified" } as const;

/**
 * Admin dashboard 'Outbox' tab (docs/email.md): every email the site wrote, newest first, a page at a
 * time ("Load more"). With no
 * SMTP_URL nothing is sent, so this is where the demo shows what would have been mailed.
 */
export function OutboxTab() {
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search, 300);
  const [open, setOpen] = useState<OutboxMail | null>(null);
  // Reading players' e-mails is privileged: not asked for while the session owes its two-factor code.
  const { locked } = useSecondFactorGate();
  const outbox = useInfiniteQuery(
    trpc.admin.outbox.infiniteQueryOptions(
      { search: debounced || undefined, limit: PAGE },
      {
        refetchInterval: 10_000,
        enabled: !locked,
        getNextPageParam: (last) => (last.length === PAGE ? last.at(-1)?.id : undefined),
      },
    ),
  );
  // A refetch as new mail is written shifts rows between pages: show each e-mail once.
  const rows = useMemo(() => uniqueRows(outbox.data?.pages, (r) => r.id), [outbox.data]);

  return (
    <Card withBorder radius="md" p="lg">
      <Stack>
        <Group justify="space-between">
          <Title order={3}>Outbox</Title>
          <SearchInput aria-label="Search by recipient" placeholder="Search by recipient" value={search} onChange={setSearch} />
        </Group>
        <Text c="dimmed" size="sm">
          Emails are written here with the change that causes them and delivered by SMTP when the server has an SMTP_URL; without
          one they stay pending here.
        </Text>
        {locked && (
          <Text size="sm" c="orange" data-testid="outbox-locked">
            The outbox opens once this session has passed two-factor authentication.
          </Text>
        )}
        <QueryState query={outbox} rows={locked ? [] : outbox.data ? rows : undefined} empty={locked ? "" : "No emails yet."}>
          {(shown) => (
            <DataTable
              minWidth={800}
              rows={shown}
              rowKey={(m) => m.id}
              testId="outbox-table"
              rowProps={(m) => ({ style: { cursor: "pointer" }, onClick: () => setOpen(m), "data-testid": "outbox-row" })}
              columns={[
                { label: "Time", cell: (m) => <DateTime value={m.createdAt} /> },
                { label: "Recipient", cell: (m) => m.to },
                {
                  label: "Subject",
                  cell: (m) => (
                    <Text
                      component="button"
                      type="button"
                      size="sm"
                      c="blue"
                      style={{ background: "none", border: 0, padding: 0, cursor: "pointer", textAlign: "left" }}
                      onClick={() => setOpen(m)}
                    >
                      {m.subject}
                    </Text>
                  ),
                },
                {
                  label: "Status",
                  lead: true,
                  cell: (m) => (
                    <Badge color={STATUS_COLOR[m.status]}>
                      {STATUS_LABEL[m.status]}
                      {m.attempts > 0 && m.status !== "sent" ? ` (${m.attempts} tries)` : ""}
                    </Badge>
                  ),
                },
              ]}
            />
          )}
        </QueryState>
        {!locked && <LoadMore query={outbox} shown={rows.length} total={null} noun="e-mails" />}
      </Stack>
      <Modal {...dialogAbout(open, setOpen)} title={open?.subject} size="xl">
        {open && (
          <Stack gap="xs">
            <Text size="sm">
              <strong>To:</strong> {open.to}
            </Text>
            <Text size="sm">
              <strong>Written:</strong> <DateTime value={open.createdAt} />
              {open.sentAt && (
                <>
                  {" · sent "}
                  <DateTime value={open.sentAt} />
                </>
              )}
            </Text>
            {open.lastError && (
              <Text size="sm" c="red">
                Last error: {open.lastError}
              </Text>
            )}
            {/* The HTML part in a sandboxed frame: no scripts, no same-origin access. */}
            <iframe
              title="Rendered email"
              sandbox=""
              srcDoc={open.html}
              style={{ width: "100%", height: 420, border: "1px solid #dee2e6", borderRadius: 4, background: "#fff" }}
            />
            <Text size="sm" fw={600}>
              Plain-text part
            </Text>
            <Code block data-testid="outbox-text">
              {open.text}
            </Code>
          </Stack>
        )}
      </Modal>
    </Card>
  );
}
