import nextDynamic from "next/dynamic";
import { Landing } from "@/components/landing/Landing";
import { getServerCaller } from "@/server/api/server-caller";

export const dynamic = "force-dynamic";

// Loaded only when a player is signed in, so visitors' first load carries no contest-card code.
const SignedInHome = nextDynamic(() => import("@/components/contests/SignedInHome").then((m) => m.SignedInHome));

/** "/" is the landing page for visitors and the contest home for signed-in players (docs/product.md §2). */
export default async function HomePage() {
  const caller = await getServerCaller();
  const user = await caller.auth.me();
  if (!user) return <Landing />;
  return <SignedInHome contests={await caller.contests.list()} />;
}
