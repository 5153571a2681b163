"use client";

import { notifications } from "@mantine/notifications";
import { useRouter } from "next/navigation";
import { api } from "@/trpc/react";

/** Logout as docs/product.md §4: toast, refresh user data, go to /. */
export function useSignOut(onDone?: () => void) {
  const router = useRouter();
  const utils = api.useUtils();
  const mutation = api.auth.logout.useMutation({
    onSuccess: async () => {
      notifications.show({ title: "Logged Out", message: "You have been successfully logged out" });
      await utils.invalidate();
      onDone?.();
      router.push("/");
      router.refresh();
    },
    onError: (error) => {
      notifications.show({ title: "Logout Failed", message: error.message, color: "red" });
    },
  });
  return { signOut: () => mutation.mutate(), pending: mutation.isPending };
}
