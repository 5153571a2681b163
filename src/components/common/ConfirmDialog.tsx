"use client";

import { Button, Group, Modal, Stack } from "@mantine/core";
import type { ReactNode } from "react";

/** A question before an action that cannot be undone: what happens, a way back, and the action. */
export function ConfirmDialog({
  opened,
  onClose,
  title,
  cancelLabel,
  confirmLabel,
  confirmColor,
  loading,
  onConfirm,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  cancelLabel: string;
  confirmLabel: ReactNode;
  confirmColor?: string;
  loading: boolean;
  onConfirm: () => void;
  children: ReactNode;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      <Stack>
        {children}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {cancelLabel}
          </Button>
          <Button color={confirmColor} loading={loading} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * The open state of a dialog about one thing (the withdrawal to approve, the contest to cancel):
 * open while there is one, and closing it clears it. Spread onto a Modal or ConfirmDialog.
 */
export function dialogAbout<T>(subject: T | null, setSubject: (next: null) => void) {
  return { opened: subject !== null, onClose: () => setSubject(null) };
}
