import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ContestDetail } from "@/components/contests/ContestDetail";
import { readContest } from "@/server/cache/public-reads";
import { getDb } from "@/server/platform/db";
import { sharedPageMetadata } from "@/server/edge/shared-pages";
import { DomainError } from "@/server/platform/errors";
import type { PublicContest } from "@/server/services/contests";

export const dynamic = "force-dynamic";

/** The contest, or null for an unknown or malformed id (the page answers 404: nothing to keep). */
async function load(id: string): Promise<PublicContest | null> {
  try {
    return await readContest(await getDb(), id);
  } catch (e) {
    if (e instanceof DomainError) return null;
    throw e;
  }
}

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const { id } = await params;
  const contest = await load(id);
  if (!contest) return { title: "Contest Not Found", description: "This contest does not exist." };
  return {
    title: contest.title,
    description: contest.description,
    robots: { index: false },
    other: sharedPageMetadata(`contest:${id}`),
  };
}

/**
 * A contest page as one page for every player (the fast path keeps it and serves it at
 * "/contest/<id>" to a valid session: src/server/edge/shared-pages.ts). Public data only, read
 * without a session; src/proxy.ts strips cookies and personal headers from requests to this
 * route. The player's own limits and cart load in the browser.
 */
export default async function SharedContestShell({ params }: { params: Promise<{ id: string }> }) {
  const contest = await load((await params).id);
  if (!contest) notFound();
  return (
    <>
      {/* For a signed-in player: the header's first paint shows no "Sign In" (AppHeader.module.css). */}
      <span data-signed-in-page hidden />
      <ContestDetail contest={contest} />
    </>
  );
}
