"use client";

import { Center, Loader } from "@mantine/core";
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { useCurrentUser } from "./useCurrentUser";

/**
 * Login, sign-up and recovery pages: a spinner while the auth status loads, and signed-in users
 * go to / (docs/product.md §4). `hold` keeps the page while a success toast and its delay run.
 */
export function AuthPageGuard({ children, hold = false }: { children: React.ReactNode; hold?: boolean }) {
  const { user, isLoading } = useCurrentUser();
  const router = useRouter();
  const redirect = !!user && !hold;
  useEffect(() => {
    if (redirect) router.replace("/");
  }, [redirect, router]);
  if (isLoading || redirect) {
    return (
      <Center py={120}>
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  return <>{children}</>;
}
