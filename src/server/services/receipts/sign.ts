/**
 * Signing an entry's receipt (docs/fair-play.md "Signed receipts"): Ed25519 over the fields of
 * src/shared/receipts.ts receiptMessage, inside the purchase's transaction, with the signature kept
 * (`ReceiptSignature`) for the receipt e-mail and the purchases list.
 */
import { sign } from "node:crypto";
import type { DbTx } from "../../platform/db";
import { RECEIPT_VERSION, type ReceiptFields, receiptAmount, receiptMessage, type SignedReceipt } from "@/shared/receipts";
import { activeReceiptKey } from "./keys";

export type ReceiptLine = { entryId: string; contestId: string; firstTicket: number; lastTicket: number; totalAmount: string };

export function receiptFields(line: ReceiptLine, issuedAt: Date): ReceiptFields {
  const amount = receiptAmount(line.totalAmount);
  if (amount === null) throw new Error(`not a receipt amount: ${line.totalAmount}`);
  return {
    contestId: line.contestId,
    entryId: line.entryId,
    tickets: `${line.firstTicket}-${line.lastTicket}`,
    amount,
    issuedAt: issuedAt.toISOString(),
  };
}

/** Signs each line's receipt with the active key and stores the signatures; gives the receipts by entry id. */
export async function signReceipts(
  tx: DbTx,
  lines: readonly ReceiptLine[],
  issuedAt = new Date(),
): Promise<Map<string, SignedReceipt>> {
  const out = new Map<string, SignedReceipt>();
  if (lines.length === 0) return out;
  const key = await activeReceiptKey(tx);
  for (const line of lines) {
    const fields = receiptFields(line, issuedAt);
    const signature = sign(null, Buffer.from(receiptMessage(fields), "utf8"), key.privateKey).toString("hex");
    out.set(line.entryId, { version: RECEIPT_VERSION, ...fields, keyId: key.id, signature });
  }
  await tx.receiptSignature.createMany({
    data: [...out.values()].map((r) => ({ entryId: r.entryId, keyId: r.keyId, issuedAt, signature: r.signature })),
  });
  return out;
}
