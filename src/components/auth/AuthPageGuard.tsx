"use client";

import { Center } from "@mantine/core";
import { Spinner } from "@/components/common/QueryState";
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { useCurrentUser } from "../common/useCurrentUser";

/**
 * Login, sign-up and recovery pages: signed-in users go to / (docs/product.md §4). Their server
 * render already sent signed-in users away, so the form shows at once. `hold` keeps the page while a success toast and its delay run.
 */
export function AuthPageGuard({ children, hold = false }: { children: React.ReactNode; hold?: boolean }) {
  const { user } = useCurrentUser();
  const router = useRouter();
  const redirect = !!user && !hold;
  useEffect(() => {
    if (redirect) router.replace("/");
  }, [redirect, router]);
  // While the user loads, show the form: the page's server render already sent signed-in users
  // away, so waiting would only hide server-rendered content and shift the page when it appears.
  if (redirect) {
    return (
      <Center py={120}>
        <Spinner label="Loading" />
      </Center>
    );
  }
  return <>{children}</>;
}
