"use client";

import { Badge, Button, Group, Modal, Radio, Stack, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useMemo, useState } from "react";
import { LIMITS } from "@/shared/constants";
import { formatUsd } from "@/shared/money-format";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { trpc } from "@/trpc/react";
import { useCurrentUser } from "../common/useCurrentUser";
import { DateTime } from "@/components/common/useTimeZone";
import { TOAST, toastError, toastSuccess } from "@/components/common/toasts";
import { DataTable } from "@/components/common/DataTable";
import { LoadMore } from "@/components/common/QueryState";
import { TabHeading } from "./TabHeading";
import { useSecondFactorGate } from "./SecondFactorGate";
import { useStaffAccess } from "./useStaffAccess";
import { isStaffRole, STAFF_ROLE_DESCRIPTIONS, STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole } from "@/shared/staff";
import { SecondApproverQueue } from "./SecondApproverQueue";
import { dialogAbout } from "@/components/common/ConfirmDialog";

type Row = { id: string; email: string; staffRole: StaffRole | null };

const PAGE = LIMITS.listPage;

/** Admin dashboard 'Users': newest first, a page at a time ("Load more" with the count), searchable. */
export function UsersTab() {
  const queryClient = useQueryClient();
  const { user: me, refetch: refetchMe } = useCurrentUser();
  const { locked } = useSecondFactorGate();
  const { can } = useStaffAccess();
  // Make Admin asks which role (least privilege first); Change role reuses the dialog.
  const [granting, setGranting] = useState<Row | null>(null);
  const [role, setRole] = useState<StaffRole>("viewer");
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const users = useInfiniteQuery(
    trpc.admin.users.infiniteQueryOptions(
      { limit: PAGE, ...(debounced ? { search: debounced } : {}) },
      {
        staleTime: 0,
        refetchOnMount: true,
        getNextPageParam: (last) => (last.length === PAGE ? last.at(-1)?.id : undefined),
      },
    ),
  );
  // Everyone's count comes from the dashboard's counters; a search counts what it has shown so far.
  const stats = useQuery(trpc.admin.stats.queryOptions(undefined, { enabled: !debounced, staleTime: 30_000 }));
  const rows = useMemo(() => users.data?.pages.flat() ?? [], [users.data]);
  const toggle = useMutation(
    trpc.admin.toggleAdmin.mutationOptions({
      onSuccess: async ({ user }, asked) => {
        const wanted = asked.isAdmin ? (asked.role ?? "owner") : null;
        // Unchanged after the call: another owner must confirm it (four eyes).
        if (user.staffRole !== wanted) toastSuccess(TOAST.approvalProposed, "Another owner must make the same change.");
        else
          toastSuccess(
            TOAST.userUpdated,
            `${user.email} is now ${user.staffRole ? `staff: ${STAFF_ROLE_LABELS[user.staffRole]}` : "a regular user"}.`,
          );
        setGranting(null);
        await queryClient.invalidateQueries(trpc.admin.waitingApprovals.pathFilter());
        await queryClient.invalidateQueries(trpc.admin.users.pathFilter());
        if (user.id === me?.id) await refetchMe();
      },
      onError: (e) => toastError(TOAST.updateFailed, e, "Failed to update user"),
    }),
  );

  return (
    <Stack>
      <TabHeading title="Users">
        <TextInput
          placeholder="Search by name or email..."
          aria-label="Search users"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={{ base: "100%", sm: 300 }}
        />
      </TabHeading>
      {can("admin.toggleAdmin") && (
        <SecondApproverQueue
          actions={["admin.toggleAdmin"]}
          locked={locked}
          onConfirm={(userId, summary) =>
            toggle.mutate({
              userId,
              isAdmin: summary.to !== "user",
              ...(isStaffRole(summary.to) ? { role: summary.to } : {}),
            })
          }
        />
      )}
      <DataTable
        minWidth={720}
        rows={rows}
        rowKey={(u) => u.id}
        rowProps={() => ({ "data-testid": "admin-user-row" })}
        columns={[
          { label: "Name", cell: (u) => u.displayName ?? `${u.firstName} ${u.lastName}` },
          { label: "Email", cell: (u) => u.email },
          { label: "Balance", cell: (u) => formatUsd(u.balance) },
          { label: "Joined", cell: (u) => <DateTime value={u.createdAt} style="date" /> },
          {
            label: "Role",
            lead: true,
            cell: (u) => (
              <Badge color={u.staffRole ? "violet" : "gray"} data-testid="user-role">
                {u.staffRole ? `Admin · ${STAFF_ROLE_LABELS[u.staffRole]}` : "User"}
              </Badge>
            ),
          },
          ...(can("admin.toggleAdmin")
            ? [
                {
                  label: "",
                  cell: (u: (typeof rows)[number]) => (
                    <Group gap="xs" wrap="nowrap">
                      {u.staffRole && (
                        <Button
                          size="xs"
                          variant="default"
                          disabled={locked}
                          onClick={() => {
                            setRole(u.staffRole ?? "viewer");
                            setGranting(u);
                          }}
                        >
                          Change role
                        </Button>
                      )}
                      <Button
                        size="xs"
                        variant={u.isAdmin ? "light" : "filled"}
                        color={u.isAdmin ? "red" : "blue"}
                        disabled={locked}
                        loading={toggle.isPending && !granting && toggle.variables?.userId === u.id}
                        onClick={() => {
                          if (u.isAdmin) toggle.mutate({ userId: u.id, isAdmin: false });
                          else {
                            setRole("viewer");
                            setGranting(u);
                          }
                        }}
                      >
                        {u.isAdmin ? "Remove Admin" : "Make Admin"}
                      </Button>
                    </Group>
                  ),
                },
              ]
            : []),
        ]}
      />
      {users.data && rows.length === 0 && (
        <Text c="dimmed" ta="center" py="md">
          No users found
        </Text>
      )}
      <LoadMore query={users} shown={rows.length} total={debounced ? null : stats.data?.totalUsers} noun="users" />
      <Modal {...dialogAbout(granting, setGranting)} title={granting?.staffRole ? "Change staff role" : "Make Admin"}>
        <Stack>
          <Text size="sm">
            Which role should <b>{granting?.email}</b> have? Each role sees only its own tabs and buttons.
          </Text>
          <Radio.Group value={role} onChange={(v) => setRole(v as StaffRole)} aria-label="Staff role">
            <Stack gap="xs">
              {STAFF_ROLES.map((r) => (
                <Radio key={r} value={r} label={STAFF_ROLE_LABELS[r]} description={STAFF_ROLE_DESCRIPTIONS[r]} />
              ))}
            </Stack>
          </Radio.Group>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setGranting(null)}>
              Cancel
            </Button>
            <Button
              loading={toggle.isPending}
              onClick={() => granting && toggle.mutate({ userId: granting.id, isAdmin: true, role })}
            >
              Grant {STAFF_ROLE_LABELS[role]}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
