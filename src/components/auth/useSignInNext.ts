"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { toastError, toastSuccess } from "@/components/common/toasts";

/**
 * Sign-up and the password reset end alike (docs/product.md §9): on success the toast, the page held
 * (`done`, for AuthPageGuard's `hold`) and the sign-in page after `delay` ms; on failure the server's
 * message under `failed[0]`, else `failed[1]`. The second value is the mutation's callbacks.
 */
export function useSignInNext(
  succeeded: [title: string, message: string],
  failed: [title: string, fallback: string],
  delay: number,
) {
  const router = useRouter();
  const [done, setDone] = useState(false);
  const outcome = {
    onSuccess: () => {
      setDone(true);
      toastSuccess(...succeeded);
      setTimeout(() => router.push("/login"), delay);
    },
    onError: (e: unknown) => toastError(failed[0], e, failed[1]),
  };
  return [done, outcome] as const;
}
