import type { Metadata } from "next";
import { WinnersGallery } from "@/components/winners/WinnersGallery";
import { readPublishedWinners } from "@/server/cache/public-reads";
import { getDb } from "@/server/db";
import { sharedPageMetadata } from "@/server/edge/shared-pages";

export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Our Winners",
  description: "Meet the players who won dream cars, motorbikes, watches and cash prizes in our contests.",
  other: sharedPageMetadata("winners"),
};

/**
 * Public: read from the cache directly (no session lookup, no per-IP budget write on a page view).
 * The fast path keeps it for everyone (src/server/edge/shared-pages.ts): src/proxy.ts strips
 * cookies and personal headers from requests to this route.
 */
export default async function WinnersPage() {
  return <WinnersGallery posts={await readPublishedWinners(await getDb())} />;
}
