/**
 * npm run verify:liabilities -- <proof.json> [--site <base-url> | --published <snapshot.json>] [--account <your account id>]
 *
 * Checks a proof-of-liabilities file (docs/fair-play.md "Proof of liabilities"), downloaded from your
 * account, with src/shared/liabilities.ts and src/shared/sum-tree.ts, the same code the browser runs:
 *   1. the path from your leaf (your salt, your account id, your amounts) to the root holds: every
 *      node's hash covers both children's hashes and sums, no sum is negative or overflows;
 *   2. with --site (or a saved --published answer of GET /api/proof-of-liabilities/<id>): the root hash
 *      and every total are the ones the site publishes for that snapshot, and so is the account count;
 *   3. with --account: the leaf is committed to your account id.
 * Exits 0 when everything holds, 1 when anything does not, 2 when it cannot run.
 */
import { readFile } from "node:fs/promises";
import { pathToFileURL } from "node:url";
import { checkLiabilityProof, type LiabilityProofFile, type PublishedRoot } from "../../src/shared/liabilities";

export async function verifyLiabilities(
  file: LiabilityProofFile,
  opts: { site?: string; published?: PublishedRoot; accountId?: string } = {},
): Promise<{ ok: boolean; lines: string[] }> {
  let published = opts.published;
  if (!published && opts.site) {
    const res = await fetch(`${opts.site.replace(/\/$/, "")}/api/proof-of-liabilities/${encodeURIComponent(file.snapshotId)}`);
    if (!res.ok) throw new Error(`GET /api/proof-of-liabilities/${file.snapshotId}: HTTP ${res.status}`);
    published = (await res.json()) as PublishedRoot;
  }
  const result = await checkLiabilityProof(file, { published, accountId: opts.accountId });
  const lines = result.lines.map((l) => `${l.ok ? "OK  " : "FAIL"} ${l.text}`);
  if (!published) lines.push("INFO pass --site <url> to check the root and totals against the ones the site publishes");
  return { ok: result.ok, lines };
}

async function main(argv: string[]): Promise<number> {
  const flags = new Map<string, string | undefined>();
  const positional: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i] as string;
    if (a === "--site" || a === "--published" || a === "--account") flags.set(a, argv[++i]);
    else positional.push(a);
  }
  const [path] = positional;
  if (!path) {
    console.error(
      "usage: npm run verify:liabilities -- <proof.json> [--site <base-url> | --published <snapshot.json>] [--account <id>]",
    );
    return 2;
  }
  const file = JSON.parse(await readFile(path, "utf8")) as LiabilityProofFile;
  const publishedFile = flags.get("--published");
  const published = publishedFile ? (JSON.parse(await readFile(publishedFile, "utf8")) as PublishedRoot) : undefined;
  const result = await verifyLiabilities(file, { site: flags.get("--site"), published, accountId: flags.get("--account") });
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
