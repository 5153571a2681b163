"use client";

import { MantineProvider } from "@mantine/core";
import dynamic from "next/dynamic";
import { TRPCReactProvider } from "@/trpc/react";
import { theme } from "@/theme";

// The toast viewport loads after the page (toasts shown earlier wait in Mantine's store), keeping it out of first-load JS.
const Notifications = dynamic(() => import("@mantine/notifications").then((m) => m.Notifications), { ssr: false });

export function Providers({ children }: { children: React.ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      {/* docs/product.md §9: one toast at a time, 5 s auto-close. */}
      <Notifications limit={1} autoClose={5000} position="top-right" />
      <TRPCReactProvider>{children}</TRPCReactProvider>
    </MantineProvider>
  );
}
