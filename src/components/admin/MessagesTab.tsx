"use client";

import { Badge, Grid, Group, Paper, ScrollArea, Skeleton, Stack, Text, UnstyledButton } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useEffect, useMemo, useState } from "react";
import { DELAYS, LIMITS } from "@/shared/constants";
import { CONVERSATION_SEARCH_MAX, SUPPORT_MESSAGES } from "@/shared/schemas/support";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSubscription } from "@trpc/tanstack-react-query";
import { trpc } from "@/trpc/react";
import type { RouterOutputs } from "@/trpc/types";
import { pollingFallback, refetchOnTick } from "../common/useLiveRefetch";
import { timeLabel } from "../common/timeLabel";
import { ChatThread } from "../common/ChatThread";
import { showToast, TOAST, toastError } from "@/components/common/toasts";
import { ChatComposer } from "@/components/common/ChatComposer";
import { SearchInput } from "@/components/common/SearchInput";
import { LoadMore, Spinner } from "@/components/common/QueryState";
import { uniqueRows } from "@/components/common/uniqueRows";

const PAGE = LIMITS.listPage;

type Conversation = RouterOutputs["support"]["conversations"][number];

/** Admin dashboard Messages tab (docs/product.md §2): conversation list, thread, reply box. */
export function MessagesTab() {
  const [search, setSearch] = useState("");
  // The search runs on the server (player's e-mail or name, message text) once typing pauses.
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const searching = debounced !== "";
  const [selected, setSelected] = useState<string | null>(null);
  // The open conversation's row as it was clicked: a new search may leave it off the list.
  const [opened, setOpened] = useState<Conversation | null>(null);
  const [reply, setReply] = useState("");
  const queryClient = useQueryClient();

  // A tick names the conversations that changed: only those rows are read again and moved to the
  // top of the first page (the list is paged, 50 with "Load more"; the server keeps one summary row per
  // player). A tick naming none, or too many, and a (re)connected stream refetch the loaded pages; so
  // does every tick while a search is shown (a changed row may start or stop matching).
  const listKey = trpc.support.conversations.infiniteQueryKey({ limit: PAGE });
  const refreshRows = async (userIds: string[]) => {
    const rows = await Promise.all(
      userIds.map((userId) => queryClient.fetchQuery(trpc.support.conversation.queryOptions({ userId }))),
    );
    // The list is paged ("Load more"): a changed row goes to the top of the first page. Only the first
    // page changes; a row that moved up from a later page is hidden there (uniqueRows, below), so every
    // later page keeps the length the server gave it, and the first page only grows: "Load more" still
    // knows whether more follow (a live row shortening a page of 50 used to take it away).
    queryClient.setQueryData(listKey, (old) => {
      if (!old) return old;
      const changed = new Set(userIds);
      const fresh = rows.filter((r): r is NonNullable<typeof r> => r !== null);
      const [first = [], ...later] = old.pages;
      const top = [...fresh, ...first.filter((c) => !changed.has(c.userId))].sort(
        (a, b) => new Date(b.lastMessageAt).getTime() - new Date(a.lastMessageAt).getTime(),
      );
      return { ...old, pages: [top, ...later] };
    });
  };
  const listSub = useSubscription(
    trpc.support.onConversations.subscriptionOptions(undefined, {
      onData: (tick) => {
        // "ready" (a new or resumed stream: events may have been missed) refetches the page.
        if (!searching && tick.kind !== "ready" && tick.userIds?.length && queryClient.getQueryData(listKey)) {
          refreshRows(tick.userIds).catch(() => void refetchOnTick(queryClient, trpc.support.conversations.pathFilter()));
        } else void refetchOnTick(queryClient, trpc.support.conversations.pathFilter());
      },
    }),
  );
  const conversations = useInfiniteQuery(
    trpc.support.conversations.infiniteQueryOptions(
      { limit: PAGE, ...(searching ? { search: debounced } : {}) },
      {
        refetchInterval: pollingFallback(listSub.status, DELAYS.adminConversationsPoll),
        // At least a page: the first page also holds the rows live ticks moved to the top.
        getNextPageParam: (last) => (last.length >= PAGE ? last.at(-1)?.id : undefined),
      },
    ),
  );
  const threadSub = useSubscription(
    trpc.support.onConversation.subscriptionOptions(
      { userId: selected ?? "" },
      {
        enabled: Boolean(selected),
        onData: () => {
          if (selected) void refetchOnTick(queryClient, trpc.support.conversationMessages.queryFilter({ userId: selected }));
        },
      },
    ),
  );
  const thread = useQuery(
    trpc.support.conversationMessages.queryOptions(
      { userId: selected ?? "" },
      { enabled: Boolean(selected), refetchInterval: pollingFallback(threadSub.status, DELAYS.adminMessagesPoll) },
    ),
  );
  const markRead = useMutation(
    trpc.support.markConversationRead.mutationOptions({
      // Settled only once the list shows the count at 0: settled earlier, the effect below saw the old
      // count and marked the conversation read a second time.
      onSuccess: () => queryClient.invalidateQueries(trpc.support.conversations.pathFilter()),
    }),
  );
  const send = useMutation(
    trpc.support.adminReply.mutationOptions({
      onSuccess: () => {
        setReply("");
        void queryClient.invalidateQueries(trpc.support.conversations.pathFilter());
        if (selected) void queryClient.invalidateQueries(trpc.support.conversationMessages.queryFilter({ userId: selected }));
      },
      onError: (e) => toastError(TOAST.sendFailed, e, e.message),
    }),
  );

  // A row moved to the top by a live tick, or a refetch, can repeat across pages: show each conversation once.
  const all = useMemo(() => uniqueRows(conversations.data?.pages, (r) => r.userId), [conversations.data]);
  const listed = all.find((c) => c.userId === selected);
  const current = listed ?? (opened?.userId === selected ? opened : undefined);
  // Messages that arrive while the conversation is open are read as they appear: no badge for them.
  // Only a listed row's count: the remembered one is not refreshed and would ask again and again.
  const openUnread = listed?.unreadCount ?? 0;
  const markReadNow = markRead.mutate;
  const marking = markRead.isPending;
  useEffect(() => {
    if (selected && openUnread > 0 && !marking) markReadNow({ userId: selected });
  }, [selected, openUnread, marking, markReadNow]);

  // Opening a conversation marks it read (the effect above).
  const open = (c: Conversation) => {
    setSelected(c.userId);
    setOpened(c);
  };
  const submit = (message: string) => {
    if (!selected) {
      showToast(TOAST.error, SUPPORT_MESSAGES.noUser, "error");
      return;
    }
    send.mutate({ userId: selected, message });
  };

  return (
    <Grid>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Paper withBorder p="sm">
          <Stack gap="sm">
            <SearchInput
              placeholder="Search conversations..."
              aria-label="Search conversations by name, e-mail or message"
              value={search}
              onChange={setSearch}
              maxLength={CONVERSATION_SEARCH_MAX}
              rightSection={
                search.trim() !== debounced || (conversations.isFetching && !conversations.isFetchingNextPage && searching) ? (
                  <Spinner size={14} label="Searching" data-testid="conversation-search-loading" />
                ) : null
              }
            />
            <ScrollArea h={480}>
              {conversations.isLoading ? (
                <Stack gap="sm">
                  {Array.from({ length: LIMITS.listPlaceholders }, (_, i) => (
                    <Skeleton key={i} height={56} />
                  ))}
                </Stack>
              ) : all.length === 0 && !searching ? (
                <Text c="dimmed" ta="center" py="xl">
                  No conversations yet
                </Text>
              ) : all.length === 0 ? (
                <Stack gap={4} align="center" py="xl" data-testid="conversations-no-match">
                  <Text c="dimmed" ta="center">
                    No conversations found
                  </Text>
                  <Text c="dimmed" size="sm" ta="center">
                    No conversations match &ldquo;{debounced}&rdquo; by name, e-mail or message
                  </Text>
                </Stack>
              ) : (
                <Stack gap={4}>
                  {all.map((c) => (
                    <UnstyledButton
                      key={c.userId}
                      data-testid="conversation"
                      onClick={() => open(c)}
                      p="xs"
                      style={{
                        borderRadius: 6,
                        background: c.userId === selected ? "var(--mantine-color-blue-0)" : undefined,
                      }}
                    >
                      <Group justify="space-between" wrap="nowrap">
                        <div style={{ minWidth: 0 }}>
                          <Text fw={600} size="sm" truncate>
                            {c.userName}
                          </Text>
                          <Text size="xs" c="dimmed" truncate>
                            {c.userEmail}
                          </Text>
                        </div>
                        <Stack gap={2} align="flex-end">
                          <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
                            {timeLabel(c.lastMessageAt)}
                          </Text>
                          {c.unreadCount > 0 && (
                            <Badge size="sm" color="red" data-testid="conversation-unread">
                              {c.unreadCount}
                            </Badge>
                          )}
                        </Stack>
                      </Group>
                    </UnstyledButton>
                  ))}
                </Stack>
              )}
              <LoadMore
                query={conversations}
                mt="xs"
                shown={all.length}
                total={null}
                noun={searching ? "matching conversations" : "conversations"}
              />
            </ScrollArea>
          </Stack>
        </Paper>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Paper withBorder p="sm">
          {!selected ? (
            <Text c="dimmed" ta="center" py={120}>
              Select a conversation
            </Text>
          ) : (
            <Stack gap="sm">
              <div>
                <Text fw={700}>{current?.userName ?? "Conversation"}</Text>
                {current && (
                  <Text size="xs" c="dimmed">
                    {current.userEmail}
                  </Text>
                )}
              </div>
              <ChatThread
                messages={thread.data}
                loading={thread.isLoading}
                mine="admin"
                emptyText="No messages yet"
                height={380}
              />
              <ChatComposer
                value={reply}
                onChange={setReply}
                onSend={submit}
                sending={send.isPending}
                label="Reply"
                placeholder="Type your reply..."
                sendLabel="Reply"
              />
            </Stack>
          )}
        </Paper>
      </Grid.Col>
    </Grid>
  );
}
