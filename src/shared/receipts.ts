/**
 * Signed receipts (docs/fair-play.md "Signed receipts"): each purchased entry's receipt is signed by
 * the operator with Ed25519 over (contest, entry id, ticket numbers, amount, time), and every key
 * the operator ever signed with is published (GET /api/receipts/keys). The browser and
 * `npm run verify:receipt` (scripts/tools/verify-receipt.ts) check a receipt with Web Crypto, offline
 * once the key list is saved. The server signs with node:crypto (src/server/services/receipts/).
 */
import { fromHex, toHex } from "./merkle";

export const RECEIPT_VERSION = 1;
export const RECEIPT_ALGORITHM = "Ed25519";

/** A receipt as the purchase answer, the e-mail and the purchases list carry it. */
export type SignedReceipt = {
  version: typeof RECEIPT_VERSION;
  contestId: string;
  entryId: string;
  /** The entry's ticket numbers: "first-last" (one ticket: "7-7"). */
  tickets: string;
  /** What the entry cost, exact, three decimals ("12.500"; a free entry "0.000"). */
  amount: string;
  /** When it was signed (ISO 8601, UTC, milliseconds). */
  issuedAt: string;
  /** Which published key signed it (receiptKeyId of its public key). */
  keyId: string;
  /** Ed25519 signature over receiptMessage, hex (64 bytes). */
  signature: string;
};

/** One published key (GET /api/receipts/keys): the current one has no retiredAt. */
export type PublishedReceiptKey = { id: string; publicKey: string; activatedAt: string; retiredAt: string | null };

/** A receipt dated this long after its key was retired still verifies (a checkout that read the key as it rotated). */
export const RETIRED_KEY_GRACE_MS = 10 * 60_000;

export type ReceiptFields = Omit<SignedReceipt, "keyId" | "signature" | "version">;

/** "12.5" -> "12.500": the amount as it is signed (exact; never a float). Null when it is not a plain non-negative amount. */
export function receiptAmount(amount: string): string | null {
  const m = /^(\d{1,16})(?:\.(\d{1,3}))?$/.exec(amount.trim());
  return m ? `${BigInt(m[1] as string)}.${(m[2] ?? "").padEnd(3, "0")}` : null;
}

/** The exact text that is signed: one field a line, in this order, UTF-8. */
export function receiptMessage(r: ReceiptFields): string {
  return [
    `prize-contests/receipt/v${RECEIPT_VERSION}`,
    `contest:${r.contestId}`,
    `entry:${r.entryId}`,
    `tickets:${r.tickets}`,
    `amount:${r.amount}`,
    `issued:${r.issuedAt}`,
  ].join("\n");
}

/** A key's id: the first 16 hex digits of SHA-256 of its raw 32 bytes (Web Crypto). */
export async function receiptKeyId(publicKeyHex: string): Promise<string> {
  const raw = fromHex(publicKeyHex);
  if (raw?.length !== 32) throw new Error("an Ed25519 public key is 32 bytes");
  return toHex(new Uint8Array(await crypto.subtle.digest("SHA-256", raw))).slice(0, 16);
}

export type ReceiptCheck = { ok: true; key: PublishedReceiptKey } | { ok: false; reason: string };

/**
 * Checks a receipt against the published keys: its fields are well formed, the key it names is
 * published under that id (the id is recomputed from the key), the receipt is not dated after the
 * key was retired, and the Ed25519 signature holds over exactly these fields.
 */
export async function verifyReceipt(r: SignedReceipt, keys: readonly PublishedReceiptKey[]): Promise<ReceiptCheck> {
  if (r?.version !== RECEIPT_VERSION) return { ok: false, reason: `not a version ${RECEIPT_VERSION} receipt` };
  for (const f of ["contestId", "entryId", "tickets", "amount", "issuedAt", "keyId", "signature"] as const) {
    if (typeof r[f] !== "string" || r[f].length === 0 || r[f].includes("\n"))
      return { ok: false, reason: `${f} is missing or malformed` };
  }
  if (!/^\d+-\d+$/.test(r.tickets)) return { ok: false, reason: "tickets must read first-last" };
  if (receiptAmount(r.amount) !== r.amount) return { ok: false, reason: "amount must be exact with three decimals" };
  const issued = Date.parse(r.issuedAt);
  if (!Number.isFinite(issued) || new Date(issued).toISOString() !== r.issuedAt)
    return { ok: false, reason: "issuedAt is not an ISO time" };
  const key = keys.find((k) => k.id === r.keyId);
  if (!key) return { ok: false, reason: `key ${r.keyId} is not among the published keys` };
  let id: string;
  try {
    id = await receiptKeyId(key.publicKey);
  } catch {
    return { ok: false, reason: `published key ${key.id} is not an Ed25519 public key` };
  }
  if (id !== key.id) return { ok: false, reason: `published key ${key.id} does not hash to its id` };
  if (key.retiredAt && issued > Date.parse(key.retiredAt) + RETIRED_KEY_GRACE_MS) {
    return { ok: false, reason: `the receipt is dated after key ${key.id} was retired (${key.retiredAt})` };
  }
  const signature = fromHex(r.signature);
  if (signature?.length !== 64) return { ok: false, reason: "the signature is not 64 bytes of hex" };
  const publicKey = await crypto.subtle.importKey(
    "raw",
    fromHex(key.publicKey) as Uint8Array<ArrayBuffer>,
    { name: RECEIPT_ALGORITHM },
    false,
    ["verify"],
  );
  const good = await crypto.subtle.verify(
    { name: RECEIPT_ALGORITHM },
    publicKey,
    signature,
    new TextEncoder().encode(receiptMessage(r)),
  );
  return good ? { ok: true, key } : { ok: false, reason: "the signature does not match these fields and this key" };
}
