"use client";

import { List, Paper, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { trpc } from "@/trpc/react";

/**
 * How to enter for free by post (docs/fair-play.md), shown next to the paid entry with the same
 * prominence: heading at the size of the price, the operator's address and rules.
 */
export function FreeEntryRoute({ hasQuestion }: { hasQuestion: boolean }) {
  const info = useQuery(trpc.contests.fairPlay.queryOptions());
  const freeEntry = info.data?.freeEntry;
  return (
    <Paper withBorder p="md" radius="md" data-testid="free-entry">
      <Title order={2} size="h3">
        Free entry by post
      </Title>
      <Text size="sm" mt={4}>
        No purchase necessary: a postal entry has exactly the same chance of winning as a paid ticket.
        {hasQuestion && " Include your answer to the question above."}
      </Text>
      {freeEntry && (
        <>
          <Text size="sm" fw={700} mt="xs">
            Send your entry to:
          </Text>
          <Text size="sm" data-testid="free-entry-address">
            {freeEntry.address}
          </Text>
          <List size="sm" mt="xs" spacing={2}>
            {freeEntry.rules.map((rule) => (
              <List.Item key={rule}>{rule}</List.Item>
            ))}
          </List>
        </>
      )}
    </Paper>
  );
}
