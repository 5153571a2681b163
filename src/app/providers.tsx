"use client";

import { MantineProvider } from "@mantine/core";
import { notificationsStore } from "@mantine/notifications";
import dynamic from "next/dynamic";
import { useEffect, useSyncExternalStore } from "react";
import { installBrowserErrorReports } from "@/components/common/browserErrors";
import { TRPCReactProvider } from "@/trpc/react";
import { cssVariablesResolver, theme } from "@/theme";

// The toast viewport's code loads with the first toast (shown toasts wait in Mantine's store until
// it mounts), so pages that never toast never load it: not first-load JS.
const Toasts = dynamic(() => import("@/components/layout/Toasts"), { ssr: false });

let toastShown = false;
const hasToastBeenShown = () => {
  const { notifications, queue } = notificationsStore.getState();
  toastShown ||= notifications.length + queue.length > 0;
  return toastShown;
};

function ToastViewport() {
  const wanted = useSyncExternalStore(notificationsStore.subscribe, hasToastBeenShown, () => false);
  return wanted ? <Toasts /> : null;
}

export function Providers({ children }: { children: React.ReactNode }) {
  // Uncaught errors go to the app's error reports (src/components/common/browserErrors.ts).
  useEffect(() => installBrowserErrorReports(), []);
  return (
    <MantineProvider theme={theme} forceColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      {/* docs/product.md §9: one toast at a time (the newest), 5 s auto-close. */}
      <ToastViewport />
      <TRPCReactProvider>{children}</TRPCReactProvider>
    </MantineProvider>
  );
}
