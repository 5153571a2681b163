import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { cache } from "react";
import { ContestDetail, ContestNotFound } from "@/components/contests/ContestDetail";
import { getServerCaller } from "@/server/api/server-caller";
import { TRPCError } from "@trpc/server";

export const dynamic = "force-dynamic";

/**
 * The page and its metadata read once per request (React's `cache`). Through the caller a service's
 * DomainError arrives as a TRPCError (the domainErrors middleware, src/server/api/trpc.ts): an unknown
 * contest is NOT_FOUND, an id the schema refuses (over 64 characters) BAD_REQUEST; both are "not found".
 */
const load = cache(async (id: string) => {
  const caller = await getServerCaller();
  const user = await caller.auth.me();
  if (!user) return { user: null, contest: null };
  try {
    return { user, contest: await caller.contests.byId({ id }) };
  } catch (e) {
    if (e instanceof TRPCError && (e.code === "NOT_FOUND" || e.code === "BAD_REQUEST")) return { user, contest: null };
    throw e;
  }
});

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const { contest } = await load((await params).id);
  return contest
    ? { title: contest.title, description: contest.description }
    : { title: "Contest Not Found", description: "This contest does not exist." };
}

/** Contest detail (docs/product.md §2), signed-in players only. */
export default async function ContestPage({ params }: { params: Promise<{ id: string }> }) {
  const { user, contest } = await load((await params).id);
  if (!user) redirect("/login");
  return contest ? <ContestDetail contest={contest} /> : <ContestNotFound />;
}
