"use client";

import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { TRPCReactProvider } from "@/trpc/react";
import { theme } from "@/theme";

export function Providers({ children }: { children: React.ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      {/* SPEC.md section 9: one toast at a time, 5 s auto-close. */}
      <Notifications limit={1} autoClose={5000} position="top-right" />
      <TRPCReactProvider>{children}</TRPCReactProvider>
    </MantineProvider>
  );
}
