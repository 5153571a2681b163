import { redirect } from "next/navigation";
import { landingSignInRedirect } from "@/shared/landing";
import { Landing } from "./Landing";

export type PageSearchParams = Promise<Record<string, string | string[] | undefined>>;

/** The landing served from the signed-in home when the session has ended (same redirects as src/proxy.ts). */
export async function VisitorLanding({ searchParams }: { searchParams: PageSearchParams }) {
  const { category, support } = await searchParams;
  const target = landingSignInRedirect(category, support);
  if (target) redirect(target);
  return <Landing />;
}
