"use client";

import { Button, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { trpc } from "@/trpc/react";
import { PasswordField } from "../common/PasswordField";
import { TOAST, toastError, toastSuccess } from "../common/toasts";
import { markSigningOut, unmarkSigningOut } from "./useSessionExpiry";

/**
 * Account Settings → Close account (docs/accounts.md "Closing an account"): permanent, confirmed
 * with the password and the word CLOSE; the server ends every session and refuses later sign-ins.
 */
export function CloseAccountSection() {
  const router = useRouter();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const close = useMutation(
    trpc.saferPlay.closeAccount.mutationOptions({
      onMutate: () => markSigningOut(), // the session ends on purpose: no "session expired" redirect
      onSuccess: async (r) => {
        toastSuccess(TOAST.accountClosed, r.message);
        queryClient.setQueryData(trpc.auth.me.queryKey(), null);
        await queryClient.invalidateQueries();
        router.push("/");
      },
      onError: (e) => {
        unmarkSigningOut();
        toastError(TOAST.accountNotClosed, e, "Failed to close your account");
      },
    }),
  );
  return (
    <Stack gap="xs" data-testid="close-account">
      <Title order={4}>Close account</Title>
      <Text size="sm" c="dimmed">
        Closing is permanent: you are signed out everywhere and cannot sign in again. Withdraw your balance first; your history is
        kept as the law requires. For a break instead, use self-exclusion in Responsible play.
      </Text>
      {open ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            close.mutate({ password, confirm: confirm.trim() as "CLOSE" });
          }}
        >
          <Stack gap="xs">
            <PasswordField
              label="Password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
            />
            <TextInput
              label="Type CLOSE to confirm"
              required
              autoComplete="off"
              value={confirm}
              onChange={(e) => setConfirm(e.currentTarget.value)}
            />
            <Group>
              <Button type="submit" color="red" loading={close.isPending} disabled={!password || confirm.trim() !== "CLOSE"}>
                Close my account for good
              </Button>
              <Button variant="default" onClick={() => setOpen(false)}>
                Cancel
              </Button>
            </Group>
          </Stack>
        </form>
      ) : (
        // red.9: the theme's red text on white is under 4.5:1 (e2e/a11y.spec.ts walks this dialog).
        <Button color="red.9" variant="subtle" onClick={() => setOpen(true)} style={{ alignSelf: "flex-start" }}>
          Close my account
        </Button>
      )}
    </Stack>
  );
}
