"use client";

import { Badge, Button, ScrollArea, Stack, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useState } from "react";
import { formatUsd } from "@/shared/money";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { trpc } from "@/trpc/react";
import { useCurrentUser } from "../common/useCurrentUser";
import { DateTime } from "@/components/common/useTimeZone";
import { TOAST, toastError, toastSuccess } from "@/components/common/toasts";
import { SimpleTable } from "@/components/common/DataTable";
import { TabHeading } from "./TabHeading";

export function UsersTab() {
  const queryClient = useQueryClient();
  const { user: me, refetch: refetchMe } = useCurrentUser();
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const users = useQuery(
    trpc.admin.users.queryOptions(debounced ? { search: debounced } : undefined, {
      staleTime: 0,
      refetchOnMount: true,
    }),
  );
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
          w={300}
        />
      </TabHeading>
      <ScrollArea>
        <SimpleTable
          verticalSpacing="sm"
          miw={720}
          rows={users.data ?? []}
          rowKey={(u) => u.id}
          rowProps={() => ({ "data-testid": "admin-user-row" })}
          columns={[
            { label: "Name", cell: (u) => u.displayName ?? `${u.firstName} ${u.lastName}` },
            { label: "Email", cell: (u) => u.email },
            { label: "Balance", cell: (u) => formatUsd(u.balance) },
            { label: "Joined", cell: (u) => <DateTime value={u.createdAt} style="date" /> },
            { label: "Role", cell: (u) => <Badge color={u.isAdmin ? "violet" : "gray"}>{u.isAdmin ? "Admin" : "User"}</Badge> },
            {
              label: "",
              cell: (u) => (
                <Button
                  size="xs"
                  variant={u.isAdmin ? "light" : "filled"}
                  color={u.isAdmin ? "red" : "blue"}
                  loading={toggle.isPending && toggle.variables?.userId === u.id}
                  onClick={() => toggle.mutate({ userId: u.id, isAdmin: !u.isAdmin })}
                >
                  {u.isAdmin ? "Remove Admin" : "Make Admin"}
                </Button>
              ),
            },
          ]}
        />
        {users.data?.length === 0 && (
          <Text c="dimmed" ta="center" py="md">
            No users found
          </Text>
        )}
      </ScrollArea>
    </Stack>
  );
}
