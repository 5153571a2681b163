import { type PageSearchParams, VisitorLanding } from "@/components/landing/VisitorLanding";

export const dynamic = "force-dynamic";

/**
 * "/" for visitors: the landing page (docs/product.md §2). Signed-in players never reach this file:
 * src/proxy.ts rewrites their "/" to src/app/home/page.tsx, so the landing pays for no session lookup
 * and ships none of the contest home's code.
 */
export default function LandingPage({ searchParams }: { searchParams: PageSearchParams }) {
  return <VisitorLanding searchParams={searchParams} />;
}
