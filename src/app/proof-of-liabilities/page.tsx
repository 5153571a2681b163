import { Container } from "@mantine/core";
import type { Metadata } from "next";
import { type ProofPageData, ProofOfLiabilitiesPage } from "@/components/proofs/ProofOfLiabilitiesPage";
import { getDb } from "@/server/platform/db";
import { logger } from "@/server/platform/logger";
import { listSnapshots } from "@/server/services/proofs";
import { listReceiptKeys } from "@/server/services/receipts";
import { LIMITS } from "@/shared/constants";
import { RECEIPT_ALGORITHM } from "@/shared/receipts";

// Read at request time: the latest snapshot and keys come with the page.
export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Proof of liabilities",
  description:
    "What we owe our players, published every day as a tree each player can check for their own account, and the keys our receipts are signed with.",
};

/**
 * Public (docs/fair-play.md "Proof of liabilities"): the latest snapshot, history, your own proof,
 * receipt keys. The snapshots and keys come with the page: read in the browser after its code, they
 * replaced two spinners with tables and pushed the page down as they arrived (bench/README.md).
 */
export default async function ProofOfLiabilitiesRoute() {
  // A failed read leaves them to the browser, which reads them itself and says so if it cannot.
  const initial: ProofPageData | undefined = await getDb()
    .then(async (db) => ({
      list: await listSnapshots(db, { limit: LIMITS.proofPageSnapshots }),
      keys: { algorithm: RECEIPT_ALGORITHM, ...(await listReceiptKeys(db)) },
    }))
    .catch((err: unknown) => {
      logger.warn({ err }, "proof of liabilities: the page's server read failed; the browser reads it");
      return undefined;
    });
  return (
    <Container size="md" py="xl">
      <ProofOfLiabilitiesPage initial={initial} />
    </Container>
  );
}
