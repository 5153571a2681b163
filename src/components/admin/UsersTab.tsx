"use client";

import { Badge, Button, Stack, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useMemo, useState } from "react";
import { LIMITS } from "@/shared/constants";
import { formatUsd } from "@/shared/money";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { trpc } from "@/trpc/react";
import { useCurrentUser } from "../common/useCurrentUser";
import { DateTime } from "@/components/common/useTimeZone";
import { TOAST, toastError, toastSuccess } from "@/components/common/toasts";
import { DataTable } from "@/components/common/DataTable";
import { LoadMore } from "@/components/common/QueryState";
import { TabHeading } from "./TabHeading";
import { useSecondFactorGate } from "./SecondFactorGate";

const PAGE = LIMITS.listPage;

/** Admin dashboard 'Users': newest first, a page at a time ("Load more" with the count), searchable. */
export function UsersTab() {
  const queryClient = useQueryClient();
  const { user: me, refetch: refetchMe } = useCurrentUser();
  const { locked } = useSecondFactorGate();
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
      onSuccess: async ({ user }) => {
        toastSuccess(TOAST.userUpdated, `${user.email} is now ${user.isAdmin ? "an admin" : "a regular user"}.`);
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
            cell: (u) => <Badge color={u.isAdmin ? "violet" : "gray"}>{u.isAdmin ? "Admin" : "User"}</Badge>,
          },
          {
            label: "",
            cell: (u) => (
              <Button
                size="xs"
                variant={u.isAdmin ? "light" : "filled"}
                color={u.isAdmin ? "red" : "blue"}
                disabled={locked}
                loading={toggle.isPending && toggle.variables?.userId === u.id}
                onClick={() => toggle.mutate({ userId: u.id, isAdmin: !u.isAdmin })}
              >
                {u.isAdmin ? "Remove Admin" : "Make Admin"}
              </Button>
            ),
          },
        ]}
      />
      {users.data && rows.length === 0 && (
        <Text c="dimmed" ta="center" py="md">
          No users found
        </Text>
      )}
      <LoadMore query={users} shown={rows.length} total={debounced ? null : stats.data?.totalUsers} noun="users" />
    </Stack>
  );
}
