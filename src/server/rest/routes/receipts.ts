import { receiptKeysOutput, rotateReceiptKeyOutput } from "@/shared/schemas/responses";
import type { RestRow } from "../derive";

/** Signed receipts (docs/fair-play.md "Signed receipts"). */
export const receiptsRoutes: RestRow[] = [
  {
    method: "GET",
    path: "/api/receipts/keys",
    doc: {
      output: receiptKeysOutput,
      summary: "The operator's Ed25519 receipt keys, current and retired (every key ever used, so old receipts still verify)",
      access: "public",
      procedure: "receipts.keys",
    },
  },
  {
    method: "POST",
    path: "/api/admin/receipts/rotate-key",
    doc: {
      output: rotateReceiptKeyOutput,
      summary: "Rotate the receipt signing key (the old key stays published); 409 when it comes from RECEIPT_SIGNING_KEY",
      access: "admin",
      procedure: "receipts.rotateKey",
      body: "input",
      errors: { 409: "The key comes from RECEIPT_SIGNING_KEY: change the setting to rotate it" },
    },
  },
];
