"use client";

import { Badge, Card, Code, Group, Select, Stack, Text, Title } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useMemo, useState } from "react";
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, type AuditAction } from "@/shared/constants";
import { isStaffRole, STAFF_ROLE_LABELS } from "@/shared/staff";
import { useInfiniteQuery } from "@tanstack/react-query";
import { trpc } from "@/trpc/react";
import { ExportCsvButton } from "./ExportCsvButton";
import { DateTime, useTimeZone } from "@/components/common/useTimeZone";
import { auditChanges } from "@/shared/audit-display";
import { LoadMore, QueryState } from "@/components/common/QueryState";
import { DataTable } from "@/components/common/DataTable";
import { SearchInput } from "@/components/common/SearchInput";

const ACTION_COLOR: Partial<Record<AuditAction, string>> = {
  "payment.override": "orange",
  "payment.reject": "red",
  "withdrawal.reject": "red",
  "user.role": "grape",
};

/**
 * Admin dashboard 'Audit' tab: every admin action that moved money or changed a contest or a role,
 * newest first, filtered by action and by admin (src/server/services/kernel/audit.ts). Read-only: the log
 * cannot be edited by anyone.
 */
export function AuditTab() {
  const zone = useTimeZone();
  const [action, setAction] = useState<AuditAction | null>(null);
  const [actor, setActor] = useState("");
  const [debouncedActor] = useDebouncedValue(actor.trim(), 300);
  const audit = useInfiniteQuery(
    trpc.admin.audit.infiniteQueryOptions(
      { action: action ?? undefined, actor: debouncedActor || undefined },
      { getNextPageParam: (last) => last.nextCursor ?? undefined },
    ),
  );
  const entries = useMemo(() => (audit.data?.pages ?? []).flatMap((p) => p.entries), [audit.data]);

  return (
    <Card withBorder radius="md" p="lg">
      <Stack>
        <Group justify="space-between" wrap="wrap">
          <Title order={3}>Audit log</Title>
          <Group wrap="wrap">
            <ExportCsvButton href="/api/admin/export/audit.csv" />
            <Select
              aria-label="Filter by action"
              placeholder="All actions"
              clearable
              data={AUDIT_ACTIONS.map((a) => ({ value: a, label: AUDIT_ACTION_LABELS[a] }))}
              value={action}
              onChange={(v) => setAction((v as AuditAction | null) ?? null)}
            />
            <SearchInput aria-label="Filter by admin email" placeholder="Admin email" value={actor} onChange={setActor} />
          </Group>
        </Group>
        <QueryState
          query={audit}
          rows={entries}
          empty={<>No admin actions recorded{action || debouncedActor ? " for this filter" : " yet"}.</>}
        >
          {(shown) => (
            <DataTable
              minWidth={800}
              rows={shown}
              rowKey={(e) => e.id}
              rowProps={(e) => ({ "data-testid": "audit-entry", "data-action": e.action })}
              columns={[
                { label: "Time", cell: (e) => <DateTime value={e.createdAt} /> },
                {
                  label: "Admin",
                  cell: (e) => (
                    <>
                      {e.actorEmail}
                      {isStaffRole(e.actorRole) && (
                        <Text span c="dimmed" size="xs" ml={4}>
                          ({STAFF_ROLE_LABELS[e.actorRole]})
                        </Text>
                      )}
                    </>
                  ),
                },
                {
                  label: "Action",
                  lead: true,
                  cell: (e) => (
                    <Badge color={ACTION_COLOR[e.action as AuditAction] ?? "blue"} variant="light">
                      {AUDIT_ACTION_LABELS[e.action as AuditAction] ?? e.action}
                    </Badge>
                  ),
                },
                {
                  label: "Target",
                  cell: (e) => (
                    <>
                      {e.targetType} <Code>{e.targetId}</Code>
                    </>
                  ),
                },
                { label: "Change", cell: (e) => <Text size="sm">{auditChanges(e.before, e.after, zone) || "—"}</Text> },
                { label: "Reason", cell: (e) => e.reason ?? "—" },
              ]}
            />
          )}
        </QueryState>
        <LoadMore query={audit} shown={entries.length} noun="entries" />
      </Stack>
    </Card>
  );
}
