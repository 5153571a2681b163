/**
 * Signed receipts (docs/fair-play.md "Signed receipts"): the operator's Ed25519 keys, their rotation
 * and published history, and the signature on each purchased entry's receipt (the checked format
 * is src/shared/receipts.ts; `npm run verify:receipt` is scripts/tools/verify-receipt.ts).
 *
 * Owns (each rule and the function that enforces it):
 * - one key signs at a time, from RECEIPT_SIGNING_KEY or generated once per installation: `activeReceiptKey` (keys.ts)
 * - every key ever used stays published, so old receipts keep verifying: `listReceiptKeys` (keys.ts)
 * - an admin rotation retires the key (its private half wiped) and is audited: `rotateReceiptKey` (keys.ts)
 * - each entry's receipt is signed in the purchase's transaction and its signature kept: `signReceipts` (sign.ts)
 *
 * Outside this folder, import only this file (scripts/tools/layers.ts).
 */
export { activeReceiptKey, keyIdOf, listReceiptKeys, privateKeyFromSeed, publicKeyHexOf, rotateReceiptKey } from "./keys";
export { receiptFields, signReceipts } from "./sign";
export type { ReceiptLine } from "./sign";
