/**
 * npm run verify:receipt -- <receipt.json> (--keys <keys.json> | --site <base-url>)
 *
 * Checks signed receipts (docs/fair-play.md "Signed receipts") with src/shared/receipts.ts, the same
 * code the browser runs: each receipt's Ed25519 signature over its contest, entry, ticket numbers,
 * amount and time, against the operator's published keys. Offline with --keys (the saved answer of
 * GET /api/receipts/keys); --site fetches that list. The file may hold one receipt (the JSON line of a
 * receipt e-mail), a checkout answer (entries[].receipt) or a purchases list: every receipt in it is checked.
 * Exits 0 when every receipt verifies, 1 when one does not, 2 when it cannot run.
 */
import { readFile } from "node:fs/promises";
import { pathToFileURL } from "node:url";
import { type PublishedReceiptKey, type SignedReceipt, verifyReceipt } from "../../src/shared/receipts";

/** Every object in `value` that looks like a receipt (has a signature and a keyId). */
export function receiptsIn(value: unknown, out: SignedReceipt[] = []): SignedReceipt[] {
  if (Array.isArray(value)) for (const v of value) receiptsIn(v, out);
  else if (value && typeof value === "object") {
    const o = value as Record<string, unknown>;
    if (typeof o.signature === "string" && typeof o.keyId === "string") out.push(o as unknown as SignedReceipt);
    else for (const v of Object.values(o)) receiptsIn(v, out);
  }
  return out;
}

export async function verifyReceipts(
  receipts: SignedReceipt[],
  keys: PublishedReceiptKey[],
): Promise<{ ok: boolean; lines: string[] }> {
  const lines: string[] = [];
  let ok = receipts.length > 0;
  if (!ok) lines.push("FAIL no receipt found in the file");
  for (const r of receipts) {
    const check = await verifyReceipt(r, keys);
    if (!check.ok) ok = false;
    lines.push(
      check.ok
        ? `OK   entry ${r.entryId}: tickets ${r.tickets} of contest ${r.contestId}, $${r.amount}, ${r.issuedAt}, signed by key ${r.keyId}${check.key.retiredAt ? ` (retired ${check.key.retiredAt})` : ""}`
        : `FAIL entry ${String(r.entryId)}: ${check.reason}`,
    );
  }
  return { ok, lines };
}

async function main(argv: string[]): Promise<number> {
  const flags = new Map<string, string | undefined>();
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === "--keys" || a === "--site") flags.set(a, argv[++i]);
    else positional.push(a);
  }
  const [file] = positional;
  const keysFile = flags.get("--keys");
  const site = flags.get("--site");
  if (!file || (!keysFile && !site)) {
    console.error("usage: npm run verify:receipt -- <receipt.json> (--keys <keys.json> | --site <base-url>)");
    return 2;
  }
  const receipts = receiptsIn(JSON.parse(await readFile(file, "utf8")));
  let keyList: { keys: PublishedReceiptKey[] };
  if (keysFile) keyList = JSON.parse(await readFile(keysFile, "utf8"));
  else {
    const res = await fetch(`${(site as string).replace(/\/$/, "")}/api/receipts/keys`);
    if (!res.ok) throw new Error(`GET /api/receipts/keys: HTTP ${res.status}`);
    keyList = (await res.json()) as { keys: PublishedReceiptKey[] };
  }
  const result = await verifyReceipts(receipts, keyList.keys ?? []);
  for (const line of result.lines) console.log(line);
  console.log(result.ok ? "VERIFIED" : "NOT VERIFIED");
  return result.ok ? 0 : 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2))
    .then((code) => process.exit(code))
    .catch((e: unknown) => {
      console.error(e instanceof Error ? e.message : e);
      process.exit(2);
    });
}
