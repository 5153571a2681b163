"use client";

import { Notifications, notifications, notificationsStore } from "@mantine/notifications";
import { useEffect } from "react";
import { DELAYS } from "@/shared/constants";

/**
 * The toast viewport (docs/product.md §9): one toast at a time, and it is always the newest.
 * Mantine's `limit` alone queues a later toast behind the visible one (so "Login Failed" would
 * still show after the login succeeded); here a toast waiting in the queue closes the visible one
 * at once, so the newest takes its place. Every `notifications.show` in the app gets this rule.
 */
export default function Toasts() {
  useEffect(
    () =>
      notificationsStore.subscribe((state) => {
        if (state.queue.length === 0) return;
        for (const shown of state.notifications) if (shown.id) notifications.hide(shown.id);
      }),
    [],
  );
  // Bottom right: at the top they covered the header's Add Balance and cart and the close button of
  // dialogs. No style offset: Mantine gives the root style to the container of
  // every position, so a `bottom` stretched the empty top-right one over the page, catching clicks.
  return <Notifications limit={1} autoClose={DELAYS.toastAutoClose} position="bottom-right" />;
}
