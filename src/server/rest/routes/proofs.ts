import { liabilitiesOutput, liabilityProofOutput, snapshotSummaryOutput, takeSnapshotOutput } from "@/shared/schemas/responses";
import type { RestRow } from "../derive";

/** Proof of liabilities (docs/fair-play.md "Proof of liabilities"). */
export const proofsRoutes: RestRow[] = [
  {
    method: "GET",
    path: "/api/proof-of-liabilities",
    doc: {
      output: liabilitiesOutput,
      summary:
        "The latest proof-of-liabilities snapshot and the history, newest first (?limit up to 100, ?before = the last id seen)",
      access: "public",
      procedure: "proofs.liabilities",
      query: ["limit", "before"],
    },
  },
  {
    method: "GET",
    path: "/api/proof-of-liabilities/:id",
    doc: {
      output: snapshotSummaryOutput,
      summary: "One snapshot: root hash, totals, ledger position (what a proof is checked against)",
      access: "public",
      procedure: "proofs.snapshot",
    },
  },
  {
    method: "GET",
    path: "/api/user/liabilities-proof",
    doc: {
      output: liabilityProofOutput,
      summary:
        "Your proof of liabilities for the latest snapshot (?snapshot=<id> for another kept one): your leaf and the path to the published root",
      access: "user",
      procedure: "proofs.myLiabilityProof",
      query: ["snapshot"],
      errors: { 404: "No snapshot yet, or nothing was owed to you at it", 409: "The snapshot's proofs are no longer kept" },
    },
  },
  {
    method: "POST",
    path: "/api/admin/proof-of-liabilities",
    doc: {
      output: takeSnapshotOutput,
      summary: "Take and publish a proof-of-liabilities snapshot now (409 while one is being taken)",
      access: "admin",
      procedure: "proofs.takeSnapshot",
      errors: { 409: "A snapshot is being taken" },
    },
  },
];
