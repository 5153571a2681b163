"use client";

import { Box, Paper, ScrollArea, Skeleton, Stack, Text } from "@mantine/core";
import { useEffect, useRef } from "react";
import { LIMITS } from "@/shared/constants";
import { useTimeZone } from "@/components/common/useTimeZone";
import { messageTime } from "@/shared/format";

export type ChatMessage = { id: string; message: string; isFromAdmin: boolean; createdAt: Date | string };

/** A support thread; `mine` says whose messages sit on the right (the player's or the admin's). */
export function ChatThread(props: {
  messages: ChatMessage[] | undefined;
  loading: boolean;
  mine: "player" | "admin";
  emptyText: string;
  height: number;
}) {
  const viewport = useRef<HTMLDivElement>(null);
  const zone = useTimeZone();
  const count = props.messages?.length ?? 0;
  useEffect(() => {
    if (count) viewport.current?.scrollTo({ top: viewport.current.scrollHeight });
  }, [count]);
  return (
    <ScrollArea h={props.height} viewportRef={viewport} data-testid="chat-thread">
      {props.loading ? (
        <Stack gap="sm" p="xs">
          {Array.from({ length: LIMITS.listPlaceholders }, (_, i) => (
            <Skeleton key={i} height={40} radius="md" />
          ))}
        </Stack>
      ) : count === 0 ? (
        <Text c="dimmed" ta="center" py="xl" size="sm">
          {props.emptyText}
        </Text>
      ) : (
        <Stack gap="xs" p="xs">
          {props.messages?.map((m) => {
            const right = (props.mine === "admin") === m.isFromAdmin;
            return (
              <Box key={m.id} style={{ alignSelf: right ? "flex-end" : "flex-start", maxWidth: "80%" }}>
                <Paper
                  data-testid="chat-message"
                  px="sm"
                  py={6}
                  radius="md"
                  bg={right ? "blue.6" : "gray.1"}
                  c={right ? "white" : undefined}
                >
                  <Text size="sm" style={{ whiteSpace: "pre-wrap", wordBreak: "break-word" }}>
                    {m.message}
                  </Text>
                </Paper>
                <Text size="xs" c="dimmed" ta={right ? "right" : "left"}>
                  {m.isFromAdmin ? "Support" : props.mine === "admin" ? "Player" : "You"} ·{" "}
                  <time dateTime={new Date(m.createdAt).toISOString()}>{messageTime(m.createdAt, zone)}</time>
                </Text>
              </Box>
            );
          })}
        </Stack>
      )}
    </ScrollArea>
  );
}
