"use client";

import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { z } from "zod";
import { TRPCReactProvider } from "@/trpc/react";
import { theme } from "@/theme";

// The CSP allows no eval (src/server/security/headers.ts). Zod probes for it with `Function("")`
// the first time it parses an object, which the browser reports as a violation: skip the probe there.
if (typeof window !== "undefined") z.config({ jitless: true });

export function Providers({ children }: { children: React.ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      {/* SPEC.md section 9: one toast at a time, 5 s auto-close. */}
      <Notifications limit={1} autoClose={5000} position="top-right" />
      <TRPCReactProvider>{children}</TRPCReactProvider>
    </MantineProvider>
  );
}
