import type { Metadata } from "next";
import { WinnersGallery } from "@/components/winners/WinnersGallery";
import { readPublishedWinners } from "@/server/cache/public-reads";
import { notFound } from "next/navigation";
import { getDb } from "@/server/platform/db";
import { sharedPageMetadata } from "@/server/edge/shared-pages";
import { DomainError } from "@/server/platform/errors";
import { listPublishedWinnerPosts } from "@/server/services/prizes";
import { LIMITS } from "@/shared/constants";

export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Our Winners",
  description: "Meet the players who won dream cars, motorbikes, watches and cash prizes in our contests.",
  other: sharedPageMetadata("winners"),
};

/**
 * Public: the first page read from the cache directly (no session lookup, no per-IP budget write on
 * a page view); the fast path keeps that first page for everyone (src/server/edge/shared-pages.ts;
 * src/proxy.ts strips cookies and personal headers here). Older winners a page at a time through
 * `?cursor=<last id>` (a link, no client code; the fast path never keeps a page with a query).
 * LIMITS.winnersPage a page: a first screen and a little more, so the HTML stays light however many
 * winners there are (docs/performance.md "Page weight"; the REST list's pages stay 50).
 */
export default async function WinnersPage({ searchParams }: { searchParams: Promise<{ cursor?: string | string[] }> }) {
  const { cursor } = await searchParams;
  const db = await getDb();
  const after = typeof cursor === "string" && cursor.length <= 100 ? cursor : undefined;
  const page = LIMITS.winnersPage;
  const posts = after
    ? await listPublishedWinnerPosts(db, { cursor: after, limit: page }).catch((e: unknown) => {
        if (e instanceof DomainError) notFound(); // a cursor that names no published post
        throw e;
      })
    : (await readPublishedWinners(db)).slice(0, page);
  const older = posts.length === page ? posts.at(-1)?.id : undefined;
  return <WinnersGallery posts={posts} olderHref={older ? `/winners?cursor=${encodeURIComponent(older)}` : null} />;
}
