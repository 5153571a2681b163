import type { Metadata } from "next";
import { Unsubscribe } from "@/components/auth/Unsubscribe";

export const dynamic = "force-dynamic";
export const metadata: Metadata = {
  title: "Unsubscribe",
  description: "Stop offers and news from Prize Contests by e-mail.",
  // The token is in the URL: keep it out of referrers and indexes.
  referrer: "no-referrer",
  robots: { index: false, follow: false },
};

export default async function UnsubscribePage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams;
  return <Unsubscribe token={typeof token === "string" ? token : ""} />;
}
