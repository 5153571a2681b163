import type { Metadata } from "next";
import { WinnersGallery } from "@/components/winners/WinnersGallery";
import { getServerCaller } from "@/server/api/server-caller";

export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Our Winners",
  description: "Meet the players who won dream cars, motorbikes, watches and cash prizes in our contests.",
};

export default async function WinnersPage() {
  const caller = await getServerCaller();
  return <WinnersGallery posts={await caller.contests.publishedWinners()} />;
}
