"use client";

import { Modal, Text } from "@mantine/core";

/**
 * "My Purchases & Results" (SPEC.md section 2 User menu). Placeholder opened by the user menu;
 * the contests issue fills it (GET /api/user/purchases when it opens).
 */
export function PurchasesDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="My Purchases & Results" size="lg">
      <Text c="dimmed">Your contest entries will appear here.</Text>
    </Modal>
  );
}
