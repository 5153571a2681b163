"use client";

import { Modal, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { DELAYS } from "@/shared/constants";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSubscription } from "@trpc/tanstack-react-query";
import { trpc } from "@/trpc/react";
import { useCurrentUser } from "../common/useCurrentUser";
import { pollingFallback, refetchOnTick } from "../common/useLiveRefetch";
import { ChatThread } from "../common/ChatThread";
import { TOAST, toastError, toastInfo } from "@/components/common/toasts";
import { ChatComposer } from "@/components/common/ChatComposer";
import { useOpenAfterMount } from "@/components/common/dialogs";

/**
 * The support chat dialog (docs/product.md §2, §4, §5, §8): the thread, live while open, and the
 * composer. Loaded on the first open of the header's button (./SupportChatButton.tsx).
 */
export default function SupportChatDialog({ opened, close }: { opened: boolean; close: () => void }) {
  const shown = useOpenAfterMount(opened);
  const { user } = useCurrentUser();
  const [text, setText] = useState("");
  const enabled = Boolean(user?.id) && opened;
  const queryClient = useQueryClient();
  const sub = useSubscription(
    trpc.support.onThread.subscriptionOptions(undefined, {
      enabled,
      onData: () => void refetchOnTick(queryClient, trpc.support.messages.pathFilter()),
    }),
  );
  const thread = useQuery(
    trpc.support.messages.queryOptions(undefined, {
      enabled,
      refetchInterval: pollingFallback(sub.status, DELAYS.supportChatPoll),
    }),
  );
  const send = useMutation(
    trpc.support.send.mutationOptions({
      onSuccess: () => {
        setText("");
        void queryClient.invalidateQueries(trpc.support.messages.pathFilter());
        toastInfo(TOAST.messageSent, "We'll respond as soon as possible");
      },
      onError: (e) => toastError(TOAST.sendFailed, e, e.message),
    }),
  );
  if (!user) return null;

  return (
    <Modal opened={shown} onClose={close} title="Support Chat" size="md">
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
  );
}
