/**
 * The operator's receipt keys (docs/fair-play.md "Signed receipts"). RECEIPT_SIGNING_KEY (a 32-byte
 * Ed25519 seed, hex) when set: its public half is recorded and published, the private half is never
 * stored. Otherwise a key generated once per installation and kept in the database, like the
 * sandbox's webhook key (src/server/gateways/sandbox/payments.ts). Every key ever used stays
 * published (`ReceiptKey`), so receipts signed before a rotation still verify; one key is active.
 */
import { createHash, createPrivateKey, createPublicKey, type KeyObject, randomBytes } from "node:crypto";
import type { Db, DbTx } from "../../platform/db";
import { getEnv } from "../../platform/env";
import { conflict } from "../../platform/errors";
import type { PublishedReceiptKey } from "@/shared/receipts";
import { recordAudit } from "../kernel";

/** DER of a PKCS#8 Ed25519 private key up to its 32-byte seed (RFC 8410). */
const PKCS8_ED25519_PREFIX = Buffer.from("302e020100300506032b657004220420", "hex");

export function privateKeyFromSeed(seedHex: string): KeyObject {
  const seed = Buffer.from(seedHex, "hex");
  if (seed.length !== 32) throw new Error("an Ed25519 seed is 32 bytes (64 hex digits)");
  return createPrivateKey({ key: Buffer.concat([PKCS8_ED25519_PREFIX, seed]), format: "der", type: "pkcs8" });
}

export function publicKeyHexOf(privateKey: KeyObject): string {
  const jwk = createPublicKey(privateKey).export({ format: "jwk" });
  return Buffer.from(jwk.x as string, "base64url").toString("hex");
}

/** The key's id, as src/shared/receipts.ts receiptKeyId computes it in the browser. */
export function keyIdOf(publicKeyHex: string): string {
  return createHash("sha256").update(Buffer.from(publicKeyHex, "hex")).digest("hex").slice(0, 16);
}

export type ActiveReceiptKey = { id: string; privateKey: KeyObject };

/** Parsed private keys by id (parsing is cheap, but a checkout should not pay it each time). */
const parsed = new Map<string, KeyObject>();
function keyObject(id: string, seedHex: string): KeyObject {
  let k = parsed.get(id);
  if (!k) {
    k = privateKeyFromSeed(seedHex);
    parsed.set(id, k);
  }
  return k;
}

type KeyRow = { id: string; source: string; privateKey: string | null };

async function activeRow(db: DbTx): Promise<KeyRow | null> {
  const rows = await db.$queryRaw<KeyRow[]>`
    SELECT "id", "source", "privateKey" FROM "ReceiptKey" WHERE "retiredAt" IS NULL`;
  return rows[0] ?? null;
}

/** Retires the active key (unless it is `keepId`): its private half is wiped, its public half stays published. */
async function retireActive(db: DbTx, keepId: string | null): Promise<void> {
  await db.$executeRaw`
    UPDATE "ReceiptKey" SET "retiredAt" = now(), "privateKey" = NULL
    WHERE "retiredAt" IS NULL AND "id" IS DISTINCT FROM ${keepId}`;
}

async function insertGenerated(db: DbTx): Promise<void> {
  const seed = randomBytes(32).toString("hex");
  const publicKey = publicKeyHexOf(privateKeyFromSeed(seed));
  // ON CONFLICT: two first checkouts at once generate one key (the partial unique index on the active key).
  await db.$executeRaw`
    INSERT INTO "ReceiptKey" ("id", "publicKey", "source", "privateKey", "activatedAt")
    VALUES (${keyIdOf(publicKey)}, ${publicKey}, 'generated', ${seed}, now())
    ON CONFLICT DO NOTHING`;
}

/**
 * The key that signs now. Runs inside the purchase's transaction (one indexed read; a write only the
 * first time, or when the configured key changed), so a checkout that rolls back leaves no key change.
 */
export async function activeReceiptKey(db: DbTx): Promise<ActiveReceiptKey> {
  const seed = getEnv().RECEIPT_SIGNING_KEY;
  if (seed) {
    const privateKey = keyObject(`env:${seed.slice(0, 8)}`, seed);
    const publicKey = publicKeyHexOf(privateKey);
    const id = keyIdOf(publicKey);
    const row = await activeRow(db);
    if (row?.id !== id) {
      // The setting changed (a rotation by configuration): the old key retires, this one is published.
      await retireActive(db, id);
      await db.$executeRaw`
        INSERT INTO "ReceiptKey" ("id", "publicKey", "source", "activatedAt") VALUES (${id}, ${publicKey}, 'env', now())
        ON CONFLICT ("id") DO UPDATE SET "retiredAt" = NULL`;
    }
    return { id, privateKey };
  }
  let row = await activeRow(db);
  if (!row?.privateKey) {
    // None yet, or the active one came from RECEIPT_SIGNING_KEY, which is no longer set.
    if (row) await retireActive(db, null);
    await insertGenerated(db);
    row = await activeRow(db);
    if (!row?.privateKey) throw new Error("no active receipt key after generating one");
  }
  return { id: row.id, privateKey: keyObject(row.id, row.privateKey) };
}

/** Every key ever used, newest first (GET /api/receipts/keys); makes the first key when there is none. */
export async function listReceiptKeys(db: Db): Promise<{ current: string; keys: PublishedReceiptKey[] }> {
  const current = await db.$transaction((tx) => activeReceiptKey(tx));
  const rows = await db.receiptKey.findMany({ orderBy: { activatedAt: "desc" } });
  return {
    current: current.id,
    keys: rows.map((r) => ({
      id: r.id,
      publicKey: r.publicKey,
      activatedAt: r.activatedAt.toISOString(),
      retiredAt: r.retiredAt?.toISOString() ?? null,
    })),
  };
}

/**
 * An admin rotates the generated key: the active one retires (still published, its private half
 * wiped) and a new one signs from now on; audited. A key from RECEIPT_SIGNING_KEY is rotated by
 * changing the setting instead (409 here).
 */
export async function rotateReceiptKey(
  db: Db,
  actorId: string,
  reason: string | null,
): Promise<{ previous: string | null; current: string }> {
  if (getEnv().RECEIPT_SIGNING_KEY) {
    throw conflict("The receipt key comes from RECEIPT_SIGNING_KEY: set a new key there to rotate it");
  }
  return db.$transaction(async (tx) => {
    const before = await tx.$queryRaw<KeyRow[]>`
      SELECT "id", "source", "privateKey" FROM "ReceiptKey" WHERE "retiredAt" IS NULL FOR UPDATE`;
    const previous = before[0]?.id ?? null;
    await retireActive(tx, null);
    await insertGenerated(tx);
    const now = await activeRow(tx);
    if (!now) throw new Error("no active receipt key after rotating");
    await recordAudit(tx, {
      actorId,
      action: "receipt_key.rotate",
      targetType: "receipt_key",
      targetId: now.id,
      before: { keyId: previous },
      after: { keyId: now.id },
      reason,
    });
    return { previous, current: now.id };
  });
}
