"use client";

import { Container, Stack, Text, Title } from "@mantine/core";
import { useSearchParams } from "next/navigation";
import { Suspense, useMemo } from "react";
import type { PublicContest } from "@/trpc/types";
import { CATEGORY_HEADINGS, CATEGORY_LABELS, CONTEST_CATEGORIES, type ContestCategory } from "@/shared/constants";
import { api } from "@/trpc/react";
import { WheelTeaser } from "../wheel/WheelTeaser";
import { ContestList, NO_CONTESTS } from "./ContestList";

function categoryFrom(value: string | null): ContestCategory | "all" {
  return value && (CONTEST_CATEGORIES as readonly string[]).includes(value) ? (value as ContestCategory) : "all";
}

function Home({ initial }: { initial?: PublicContest[] }) {
  const category = categoryFrom(useSearchParams().get("category"));
  // Filtered on the client by the category field (docs/product.md §2); the server render seeds the query.
  const query = api.contests.list.useQuery(undefined, { initialData: initial });
  const shown = useMemo(
    () => (category === "all" ? query.data : query.data?.filter((c) => c.category === category)),
    [query.data, category],
  );
  const { heading, subtitle } = CATEGORY_HEADINGS[category];
  return (
    <Stack gap="lg">
      <div>
        <Title order={1}>{heading}</Title>
        <Text c="dimmed">{subtitle}</Text>
      </div>
      <ContestList
        contests={shown}
        loading={query.isLoading}
        emptyText={category === "all" ? NO_CONTESTS : `No ${CATEGORY_LABELS[category]} contests available at the moment.`}
      />
      <WheelTeaser />
    </Stack>
  );
}

/** Signed-in home: heading per category (/?category=<key>), contest cards, the Fortune Wheel teaser. */
export function SignedInHome({ contests }: { contests?: PublicContest[] }) {
  return (
    <Container size="xl" py="xl">
      <Suspense fallback={<ContestList contests={undefined} loading />}>
        <Home initial={contests} />
      </Suspense>
    </Container>
  );
}
