"use client";

import { Container, Stack, Text, Title } from "@mantine/core";
import { useRouter, useSearchParams } from "next/navigation";
import { type ReactNode, Suspense, useEffect, useMemo } from "react";
import type { PublicContest } from "@/trpc/types";
import { CATEGORY_HEADINGS, CATEGORY_LABELS, CONTEST_CATEGORIES, type ContestCategory } from "@/shared/constants";
import { useQuery } from "@tanstack/react-query";
import { trpc } from "@/trpc/react";
import { RestrictionNotice, usePlayerStanding } from "../common/PlayerStanding";
import { openAccountDialog } from "../common/dialogs";
import { ContestList, NO_CONTESTS } from "./ContestList";
import { useLiveContests } from "./useLiveContests";

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

function Home({ initial, teaser }: { initial?: PublicContest[]; teaser?: ReactNode }) {
  const params = useSearchParams();
  const category = categoryFrom(params.get("category"));
  useSupportLink(params);
  // Filtered on the client by the category field (docs/product.md §2); the server render seeds the query.
  const query = useQuery(trpc.contests.list.queryOptions(undefined, { initialData: initial }));
  useLiveContests(); // sold counts follow other players' purchases
  const shown = useMemo(
    () => (category === "all" ? query.data : query.data?.filter((c) => c.category === category)),
    [query.data, category],
  );
  const { heading, subtitle } = CATEGORY_HEADINGS[category];
  const standing = usePlayerStanding();
  return (
    <Stack gap="lg">
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
      {/* The teaser is a promotion: none for a self-excluded player. */}
      {standing?.restriction?.reason !== "self_excluded" && teaser}
    </Stack>
  );
}

/**
 * Signed-in home: heading per category (/?category=<key>), contest cards, then `teaser` (the page passes
 * the Fortune Wheel's, so contests need not import the wheel feature: docs/architecture.md "Guards").
 */
export function SignedInHome({ contests, teaser }: { contests?: PublicContest[]; teaser?: ReactNode }) {
  return (
    <Container size="xl" py="xl">
      <Suspense fallback={<ContestList contests={undefined} loading />}>
        <Home initial={contests} teaser={teaser} />
      </Suspense>
    </Container>
  );
}
