import { Landing } from "@/components/landing/Landing";
import { SignedInHome } from "@/components/contests/SignedInHome";
import { getServerCaller } from "@/server/api/server-caller";

export const dynamic = "force-dynamic";

/** "/" is the landing page for visitors and the contest home for signed-in players (SPEC.md section 2). */
export default async function HomePage() {
  const caller = await getServerCaller();
  const [user, contests] = await Promise.all([caller.auth.me(), caller.contests.list()]);
  return user ? <SignedInHome contests={contests} /> : <Landing contests={contests} />;
}
