"use client";

import { Text } from "@mantine/core";

/** Placeholder: the support chat issue provides the real tab (conversations and replies). */
export function MessagesTab() {
  return <Text c="dimmed">Support conversations appear here once the chat module is merged.</Text>;
}
