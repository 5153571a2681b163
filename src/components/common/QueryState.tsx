"use client";

// biome-ignore lint/style/noRestrictedImports: Spinner below is the one place a Loader is drawn.
import { Button, Group, Loader, type LoaderProps, type MantineSpacing, Text } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * The one loading spinner: a live "status" region with a name. A bare Loader is a span, where an
 * aria-label is not allowed (axe: aria-prohibited-attr) and a screen reader announces nothing.
 */
export function Spinner({ label = "Loading", ...props }: LoaderProps & { label?: string }) {
  return <Loader role="status" aria-label={label} {...props} />;
}

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
  if (query.isLoading) return <Spinner label={loadingLabel} />;
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
