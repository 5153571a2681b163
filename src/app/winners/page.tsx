import type { Metadata } from "next";
import { WinnersGallery } from "@/components/winners/WinnersGallery";
import { readPublishedWinners } from "@/server/cache/public-reads";
import { getDb } from "@/server/db";

export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Our Winners",
  description: "Meet the players who won dream cars, motorbikes, watches and cash prizes in our contests.",
};

/** Public: read from the cache directly (no session lookup, no per-IP budget write on a page view). */
export default async function WinnersPage() {
  return <WinnersGallery posts={await readPublishedWinners(await getDb())} />;
}
