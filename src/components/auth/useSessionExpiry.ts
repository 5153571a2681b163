"use client";

import { useEffect, useRef } from "react";
import { DELAYS } from "@/shared/constants";
import { useCurrentUser } from "../common/useCurrentUser";
import { toastUnauthorized } from "@/components/common/toasts";

/**
 * Until when a sign-out the player asked for explains a lost session. A time, not a flag cleared when
 * a user is seen: a `me` read begun before the logout can still answer with the user after it, and
 * clearing then made the signed-out player's own logout look like an expired session.
 */
let signingOutUntil = 0;
const SIGN_OUT_WINDOW_MS = 15_000;

/** useSignOut calls this first: a sign-out the player asked for is not an expired session. */
export function markSigningOut(): void {
  signingOutUntil = Date.now() + SIGN_OUT_WINDOW_MS;
}

export function unmarkSigningOut(): void {
  signingOutUntil = 0;
}

/**
 * A session that ends while a page is open (expired, revoked, signed out elsewhere) used to flip the
 * header to Sign In and show an empty cart without a word. The spec's unauthorized toast and redirect
 * apply instead (docs/product.md §8): the player's cart is kept per account and is back after signing in.
 */
export function useSessionExpiry(): void {
  const { user, isLoading } = useCurrentUser();
  const previous = useRef<string | null>(null);
  useEffect(() => {
    if (isLoading) return;
    const was = previous.current;
    previous.current = user?.id ?? null;
    if (!was || user || Date.now() < signingOutUntil) return;
    toastUnauthorized();
    const id = setTimeout(() => window.location.assign("/api/login"), DELAYS.unauthorizedRedirect);
    return () => clearTimeout(id);
  }, [user, isLoading]);
}
