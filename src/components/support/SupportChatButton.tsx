"use client";

import { ActionIcon, Modal, Stack, Text } from "@mantine/core";
import { IconMessageCircle } from "@tabler/icons-react";
import { useState } from "react";
import { DELAYS } from "@/shared/constants";
import { api } from "@/trpc/react";
import { useCurrentUser } from "../common/useCurrentUser";
import { useAccountDialog } from "../common/dialogs";
import { pollingFallback } from "../common/useLiveRefetch";
import { ChatThread } from "../common/ChatThread";
import { TOAST, toastError, toastInfo } from "@/components/common/toasts";
import { ChatComposer } from "@/components/common/ChatComposer";

/** Header support chat button and dialog (docs/product.md §2, §4, §5, §8). */
export function SupportChatButton() {
  const { user } = useCurrentUser();
  // Also opened from the slide-out menu on narrow screens (src/components/common/dialogs.ts).
  const [opened, open, close] = useAccountDialog("support");
  const [text, setText] = useState("");
  const enabled = Boolean(user?.id) && opened;
  const utils = api.useUtils();
  const sub = api.support.onThread.useSubscription(undefined, {
    enabled,
    onData: () => void utils.support.messages.invalidate(),
  });
  const thread = api.support.messages.useQuery(undefined, {
    enabled,
    refetchInterval: pollingFallback(sub.status, DELAYS.supportChatPoll),
  });
  const send = api.support.send.useMutation({
    onSuccess: () => {
      setText("");
      void utils.support.messages.invalidate();
      toastInfo(TOAST.messageSent, "We'll respond as soon as possible");
    },
    onError: (e) => toastError(TOAST.sendFailed, e, e.message),
  });
  if (!user) return null;

  return (
    <>
      <ActionIcon variant="subtle" size="lg" aria-label="Support chat" onClick={open}>
        <IconMessageCircle size={22} />
      </ActionIcon>
      <Modal opened={opened} onClose={close} title="Support Chat" size="md">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Our support team typically responds within 24 hours.
          </Text>
          <ChatThread
            messages={thread.data}
            loading={thread.isLoading}
            mine="player"
            emptyText="No messages yet. Send us a message and we'll get back to you."
            height={320}
          />
          <ChatComposer
            value={text}
            onChange={setText}
            onSend={(message) => send.mutate({ message, isFromAdmin: false })}
            sending={send.isPending}
            label="Message"
            placeholder="Type your message..."
            sendLabel="Send"
          />
        </Stack>
      </Modal>
    </>
  );
}
