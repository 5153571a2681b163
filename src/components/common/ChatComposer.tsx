"use client";

import { Button, Group, Textarea } from "@mantine/core";
import { IconSend } from "@tabler/icons-react";
import { LIMITS } from "@/shared/constants";

/**
 * The box under a chat thread (support chat and the admin Messages tab): Enter sends, Shift+Enter
 * breaks the line, and an empty or whitespace-only message cannot be sent. The caller owns the text
 * and what sending means; `onSend` gets the trimmed text.
 */
export function ChatComposer({
  value,
  onChange,
  onSend,
  sending,
  label,
  placeholder,
  sendLabel,
}: {
  value: string;
  onChange: (value: string) => void;
  onSend: (message: string) => void;
  sending: boolean;
  /** The field's accessible name ("Message", "Reply"). */
  label: string;
  placeholder: string;
  sendLabel: string;
}) {
  const submit = () => {
    const message = value.trim();
    if (message && !sending) onSend(message);
  };
  return (
    <Group align="flex-end" wrap="nowrap">
      <Textarea
        style={{ flex: 1 }}
        aria-label={label}
        placeholder={placeholder}
        autosize
        minRows={1}
        maxRows={4}
        maxLength={LIMITS.supportMessageMax}
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter" && !e.shiftKey) {
            e.preventDefault();
            submit();
          }
        }}
      />
      <Button onClick={submit} disabled={!value.trim()} loading={sending} leftSection={<IconSend size={16} />}>
        {sendLabel}
      </Button>
    </Group>
  );
}
