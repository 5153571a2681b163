"use client";

import { Button, Container, Group, Stack, Text, Title } from "@mantine/core";
import { useRouter, useSearchParams } from "next/navigation";
import { type ReactNode, useEffect, useMemo, useRef } from "react";
import type { PublicContest } from "@/trpc/types";
import { CATEGORY_HEADINGS, CATEGORY_LABELS, CONTEST_CATEGORIES, type ContestCategory, LIMITS } from "@/shared/constants";
import { useInfiniteQuery } from "@tanstack/react-query";
import { trpc } from "@/trpc/react";
import { RestrictionNotice, usePlayerStanding } from "../common/PlayerStanding";
import { openAccountDialog } from "../common/dialogs";
import { ContestList, NO_CONTESTS } from "./ContestList";
import { FollowLiveContests } from "./useLiveContests";
import { uniqueRows } from "../common/uniqueRows";

function categoryFrom(value: string | null): ContestCategory | "all" {
  return value && (CONTEST_CATEGORIES as readonly string[]).includes(value) ? (value as ContestCategory) : "all";
}

/** The footer's Contact Support link (/?support=1) opens the support chat, then leaves the URL clean. */
function useSupportLink(params: URLSearchParams) {
  const router = useRouter();
  const wantsSupport = params.get("support") === "1";
  const category = params.get("category");
  useEffect(() => {
    if (!wantsSupport) return;
    openAccountDialog("support");
    router.replace(category ? `/?category=${encodeURIComponent(category)}` : "/", { scroll: false });
  }, [wantsSupport, category, router]);
}

const PAGE = LIMITS.homeContestsPage;

function Home({ initial, teaser }: { initial?: PublicContest[]; teaser?: ReactNode }) {
  const params = useSearchParams();
  const category = categoryFrom(params.get("category"));
  useSupportLink(params);
  // A page at a time, newest first, filtered by the server (docs/product.md §2): the server render
  // seeds the first page of "all", so the HTML carries one screen of cards however many are on sale.
  const query = useInfiniteQuery(
    trpc.contests.list.infiniteQueryOptions(
      { category: category === "all" ? undefined : category, limit: PAGE },
      {
        // The server's first page; its param is null, which the list's input takes as "no cursor".
        initialData: category === "all" && initial ? { pages: [initial], pageParams: [null] } : undefined,
        getNextPageParam: (last) => (last.length === PAGE ? last.at(-1)?.id : undefined),
      },
    ),
  );
  // A refetch while more pages are open can shift a contest between pages: show each once.
  const shown = useMemo(() => (query.data ? uniqueRows(query.data.pages, (c) => c.id) : undefined), [query.data]);
  const { heading, subtitle } = CATEGORY_HEADINGS[category];
  const standing = usePlayerStanding();
  return (
    <Stack gap="lg">
      {/* Sold counts follow other players' purchases. */}
      <FollowLiveContests />
      <RestrictionNotice standing={standing} />
      <div>
        <Title order={1}>{heading}</Title>
        <Text c="dimmed">{subtitle}</Text>
      </div>
      <ContestList
        contests={shown}
        loading={query.isLoading}
        emptyText={category === "all" ? NO_CONTESTS : `No ${CATEGORY_LABELS[category]} contests available at the moment.`}
      />
      <ShowMoreContests query={query} />
      {/* The teaser is a promotion: none for a self-excluded player. */}
      {standing?.restriction?.reason !== "self_excluded" && teaser}
    </Stack>
  );
}

/** How far below the screen the next page starts loading, so scrolling down simply goes on. */
const LOAD_AHEAD = "600px";

/**
 * "Show more contests" under the grid; it also loads by itself when it comes into view, a screen
 * early (the button stays for the keyboard and for slow pages). Each page is asked for by an
 * observer started after the previous page is on screen: its first answer says where the button is
 * now. (Reacting to the last answer of one long-lived observer fetched a page too many: that answer
 * still said "in view" from before the new cards pushed the button down.)
 */
function ShowMoreContests({
  query,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };
}) {
  const ref = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    const button = ref.current;
    if (!button || !hasNextPage || isFetchingNextPage || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry?.isIntersecting) return;
        observer.disconnect();
        void fetchNextPage();
      },
      { rootMargin: LOAD_AHEAD },
    );
    observer.observe(button);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  if (!hasNextPage) return null;
  return (
    <Group justify="center" ref={ref}>
      <Button variant="default" loading={isFetchingNextPage} onClick={() => void fetchNextPage()}>
        Show more contests
      </Button>
    </Group>
  );
}

/**
 * Signed-in home: heading per category (/?category=<key>), contest cards, then `teaser` (the page passes
 * the Fortune Wheel's, so contests need not import the wheel feature: docs/architecture.md "Guards").
 */
export function SignedInHome({ contests, teaser }: { contests?: PublicContest[]; teaser?: ReactNode }) {
  return (
    <Container size="xl" py="xl">
      <Home initial={contests} teaser={teaser} />
    </Container>
  );
}
