"use client";

import { MantineProvider } from "@mantine/core";
import dynamic from "next/dynamic";
import { TRPCReactProvider } from "@/trpc/react";
import { cssVariablesResolver, theme } from "@/theme";

// The toast viewport loads after the page (toasts shown earlier wait in Mantine's store), keeping it out of first-load JS.
const Toasts = dynamic(() => import("@/components/layout/Toasts"), { ssr: false });

export function Providers({ children }: { children: React.ReactNode }) {
  return (
    <MantineProvider theme={theme} forceColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      {/* docs/product.md §9: one toast at a time (the newest), 5 s auto-close. */}
      <Toasts />
      <TRPCReactProvider>{children}</TRPCReactProvider>
    </MantineProvider>
  );
}
