"use client";

import { Button, Group, Loader, type MantineSpacing, Text } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * The three states every list shows before its rows (docs/architecture.md "UI kit"): a labelled
 * spinner while the query loads, its error message (announced), or the list's own empty text.
 * Only when there are rows does it render `children(rows)`.
 */
export function QueryState<T>({
  query,
  rows,
  empty,
  loadingLabel = "Loading",
  children,
}: {
  /** The tRPC query behind the rows: its loading flag and error. */
  query: { isLoading: boolean; error?: { message: string } | null };
  /** The rows to show (often `query.data`, or a field of it). */
  rows: readonly T[] | undefined;
  empty: ReactNode;
  loadingLabel?: string;
  children: (rows: readonly T[]) => ReactNode;
}) {
  if (query.isLoading) return <Loader aria-label={loadingLabel} />;
  if (query.error)
    return (
      <Text c="red" role="alert">
        {query.error.message}
      </Text>
    );
  if (!rows?.length) return <Text c="dimmed">{empty}</Text>;
  return <>{children(rows)}</>;
}

/** "Load more" under a paged list, while the infinite query has another page. */
export function LoadMore({
  query,
  variant = "default",
  mt,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };
  variant?: "default" | "light";
  mt?: MantineSpacing;
}) {
  if (!query.hasNextPage) return null;
  return (
    <Group justify="center" mt={mt}>
      <Button variant={variant} loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
        Load more
      </Button>
    </Group>
  );
}
