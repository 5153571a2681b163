import { Container } from "@mantine/core";
import type { Metadata } from "next";
import { ProofOfLiabilitiesPage } from "@/components/proofs/ProofOfLiabilitiesPage";

export const metadata: Metadata = {
  title: "Proof of liabilities",
  description:
    "What we owe our players, published every day as a tree each player can check for their own account, and the keys our receipts are signed with.",
};

/** Public (docs/fair-play.md "Proof of liabilities"): the latest snapshot, history, your own proof, receipt keys. */
export default function ProofOfLiabilitiesRoute() {
  return (
    <Container size="md" py="xl">
      <ProofOfLiabilitiesPage />
    </Container>
  );
}
