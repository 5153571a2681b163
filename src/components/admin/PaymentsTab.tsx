"use client";

import { Text } from "@mantine/core";

/** Placeholder: the payments issue provides the real tab (pending payments with Approve / Reject). */
export function PaymentsTab() {
  return <Text c="dimmed">Payments are managed here once the payments module is merged.</Text>;
}
