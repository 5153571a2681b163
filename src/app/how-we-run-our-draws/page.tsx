import type { Metadata } from "next";
import { CompliancePage } from "@/components/safer-play/CompliancePage";
import { complianceClauses } from "@/server/services/draws";

// Read at request time: the page states the running settings (env), not the build machine's.
export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "How we run our draws",
  description:
    "How winners are chosen, the odds, the free entry route, prize delivery, complaints, spend limits, self-exclusion and where to get help.",
};

/** Public: the code of practice clause by clause, from the site's settings (src/server/services/draws/compliance.ts). */
export default function HowWeRunOurDrawsPage() {
  return <CompliancePage clauses={complianceClauses()} />;
}
