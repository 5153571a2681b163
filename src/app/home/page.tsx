import type { Metadata } from "next";
import { SignedInHome } from "@/components/contests/SignedInHome";
import { WheelTeaser } from "@/components/wheel/WheelTeaser";
import { type PageSearchParams, VisitorLanding } from "@/components/landing/VisitorLanding";
import { getServerCaller } from "@/server/api/server-caller";
import { LIMITS } from "@/shared/constants";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { robots: { index: false } };

/**
 * The contest home for signed-in players, served at "/": src/proxy.ts rewrites "/" here when the
 * request carries a session cookie. A cookie whose session has ended gets the visitor's landing.
 * Under `npm start` a valid session usually gets the shared copy instead (src/app/shell/home,
 * kept by src/server/edge/fast-path.ts); this route answers what the fast path leaves to Next.
 */
export default async function SignedInHomePage({ searchParams }: { searchParams: PageSearchParams }) {
  const caller = await getServerCaller();
  const user = await caller.auth.me();
  if (!user) return <VisitorLanding searchParams={searchParams} />;
  const [contests, teaser] = await Promise.all([caller.contests.list({ limit: LIMITS.homeContestsPage }), caller.wheel.teaser()]);
  return <SignedInHome contests={contests} teaser={<WheelTeaser initial={teaser} />} />;
}
