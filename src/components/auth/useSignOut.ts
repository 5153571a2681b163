"use client";

import { useRouter } from "next/navigation";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { trpc } from "@/trpc/react";
import { markSigningOut, unmarkSigningOut } from "./useSessionExpiry";
import { TOAST, toastError, toastSuccess } from "@/components/common/toasts";
import { disableDevicePush } from "@/components/common/devicePush";

/**
 * Logout as docs/product.md §4: toast, forget the user's data, go to /. The header menu and the
 * mobile menu both sign out here. No router.refresh(): "/" is served by a different page for
 * players and visitors (src/proxy.ts), and refreshing the old tree mid-navigation made Next fall
 * back to a full reload that lost the toast; the navigation itself fetches "/" afresh.
 */
export function useSignOut(onDone?: () => void) {
  const router = useRouter();
  const queryClient = useQueryClient();
  const mutation = useMutation(
    trpc.auth.logout.mutationOptions({
      onSuccess: async () => {
        toastSuccess(TOAST.loggedOut, "You have been successfully logged out");
        queryClient.setQueryData(trpc.auth.me.queryKey(), null);
        await queryClient.invalidateQueries();
        onDone?.();
        router.push("/");
      },
      onError: (error) => {
        unmarkSigningOut();
        toastError(TOAST.logoutFailed, error, "Failed to log out. Please try again.");
      },
    }),
  );
  return {
    signOut: () => {
      markSigningOut();
      // This device stops getting the account's pushes (a shared browser must not show the next
      // person this account's news; docs/push.md), while the session still allows the call.
      void disableDevicePush()
        .catch(() => undefined)
        .finally(() => mutation.mutate());
    },
    pending: mutation.isPending,
  };
}
