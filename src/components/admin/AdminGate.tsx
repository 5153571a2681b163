"use client";

import { Container, Loader, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { DELAYS } from "@/shared/constants";
import { useCurrentUser } from "../auth/useCurrentUser";

/**
 * Minimal admin gate (payments issue, so the Payments tab can be exercised); the admin issue
 * replaces /admin with the full dashboard. Non-admins: SPEC.md section 2 toast and redirect.
 */
export function AdminGate({ children }: { children: React.ReactNode }) {
  const { user, isLoading } = useCurrentUser();
  const router = useRouter();
  const denied = !isLoading && !user?.isAdmin;
  useEffect(() => {
    if (!denied) return;
    notifications.show({ color: "red", title: "Unauthorized", message: "Admin access required. Redirecting..." });
    const t = setTimeout(() => router.push("/"), DELAYS.nonAdminRedirect);
    return () => clearTimeout(t);
  }, [denied, router]);
  if (isLoading) return <Loader m="xl" />;
  if (denied) {
    return (
      <Container py="xl">
        <Title order={2}>Access Denied</Title>
        <Text>You don't have permission to access this page.</Text>
      </Container>
    );
  }
  return <>{children}</>;
}
