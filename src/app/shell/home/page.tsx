import type { Metadata } from "next";
import { SignedInHome } from "@/components/contests/SignedInHome";
import { WheelTeaser } from "@/components/wheel/WheelTeaser";
import { readContestList } from "@/server/cache/public-reads";
import { getDb } from "@/server/platform/db";
import { sharedPageMetadata } from "@/server/edge/shared-pages";
import { getWheelConfig } from "@/server/services/wheel";
import { LIMITS } from "@/shared/constants";
import { wheelTeaser } from "@/shared/wheel";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { robots: { index: false }, other: sharedPageMetadata("home") };

/**
 * The players' contest home as one page for every player (the fast path keeps it and serves it at
 * "/" to a valid session: src/server/edge/shared-pages.ts). Public data only, read without a
 * session; src/proxy.ts strips cookies and personal headers from requests to this route. The
 * player's own figures (name, balance, cart, notifications) load in the browser.
 */
export default async function SharedHomeShell() {
  const db = await getDb();
  const [contests, wheel] = await Promise.all([readContestList(db), getWheelConfig(db)]);
  return (
    <>
      {/* For a signed-in player: the header's first paint shows no "Sign In" (AppHeader.module.css). */}
      <span data-signed-in-page hidden />
      <SignedInHome contests={contests.slice(0, LIMITS.homeContestsPage)} teaser={<WheelTeaser initial={wheelTeaser(wheel)} />} />
    </>
  );
}
