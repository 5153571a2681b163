"use client";

// biome-ignore lint/style/noRestrictedImports: Spinner below is the one place a Loader is drawn.
import { Button, Loader, type LoaderProps, type MantineSpacing, Stack, Text } from "@mantine/core";
import { formatCount } from "@/shared/format";
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

/** "entries" -> "entry", "pending payments" -> "pending payment": the paged lists' nouns are regular. */
export function singular(plural: string): string {
  if (plural.endsWith("ies")) return `${plural.slice(0, -3)}y`;
  return plural.endsWith("s") ? plural.slice(0, -1) : plural;
}

/**
 * Under a paged list: how many rows are shown (of how many, when the total is known) and "Load more"
 * while the infinite query has another page (docs/admin.md "Paged lists").
 */
export function LoadMore({
  query,
  variant = "default",
  mt,
  shown,
  total,
  noun = "rows",
  testId = "list-count",
  label = "Load more",
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };
  variant?: "default" | "light";
  mt?: MantineSpacing;
  /** Rows on screen: with it, the count is shown ("Showing 50 of 100 users"). */
  shown?: number;
  /** All rows, when known (a counter); else the count says whether more may follow. */
  total?: number | null;
  /** What the rows are, plural ("users"). */
  noun?: string;
  /** The count's test id: a second list on the same screen (a tab's four-eyes queue) names its own. */
  testId?: string;
  /** The button's text: a second list on the same screen says which it loads ("Load more proposals"). */
  label?: string;
}) {
  // The noun agrees with the number it follows: "Showing 1 of 1 user", "Showing 1 matching conversation".
  const of = (n: number) => (n === 1 ? singular(noun) : noun);
  const count =
    shown === undefined
      ? null
      : total !== undefined && total !== null && total >= shown
        ? `Showing ${formatCount(shown)} of ${formatCount(total)} ${of(total)}`
        : `Showing ${formatCount(shown)} ${of(shown)}${query.hasNextPage ? " so far" : ""}`;
  if (!query.hasNextPage && count === null) return null;
  return (
    <Stack gap={6} align="center" mt={mt}>
      {count && shown !== 0 && (
        <Text size="sm" c="dimmed" data-testid={testId}>
          {count}
        </Text>
      )}
      {query.hasNextPage && (
        <Button variant={variant} loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
          {label}
        </Button>
      )}
    </Stack>
  );
}
