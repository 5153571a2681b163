/**
 * npm run db:backup [-- <file>]            back up DATABASE_URL (pg_dump) or the PGlite at PGLITE_DIR
 * npm run db:restore -- <file> [--replace]  restore it (into an empty database / directory unless --replace)
 *
 * Default file: backups/<database kind>-<UTC timestamp>.{dump,tar.gz}. After a restore the ledger
 * invariants (src/server/services/money/invariants.ts) are checked on the restored data; a violation
 * exits 1. PGlite: stop the app first (one process per data directory). See docs/deploy.md "Backups".
 */
import path from "node:path";
import {
  backupPglite,
  backupPostgres,
  postgresHasTables,
  restorePglite,
  restorePostgres,
} from "../../src/server/platform/backup";
import { defaultPgliteDir, openDatabase } from "../../src/server/platform/db";
import { getEnv } from "../../src/server/platform/env";
import { checkLedgerInvariants } from "../../src/server/services/money";

const stamp = () => new Date().toISOString().replace(/\D/g, "").slice(0, 14);

async function verify(url: string | undefined, dir: string): Promise<number> {
  const handle = await openDatabase(url ? { url, poolSize: 1 } : { pgliteDir: dir });
  try {
    const violations = await checkLedgerInvariants(handle.db);
    for (const v of violations.slice(0, 20)) console.error(`  - ${v.check}: ${v.detail}`);
    console.log(violations.length ? `Ledger invariants: ${violations.length} violation(s)` : "Ledger invariants: all hold");
    return violations.length ? 1 : 0;
  } finally {
    await handle.close();
  }
}

async function main(): Promise<number> {
  const [command, ...rest] = process.argv.slice(2);
  const replace = rest.includes("--replace");
  const fileArg = rest.find((a) => !a.startsWith("--"));
  const url = getEnv().DATABASE_URL;
  const dir = defaultPgliteDir();
  if (command === "backup") {
    const file = fileArg ?? path.join("backups", url ? `postgres-${stamp()}.dump` : `pglite-${stamp()}.tar.gz`);
    if (url) await backupPostgres(url, file);
    else await backupPglite(dir, file);
    console.log(`Backed up ${url ? "PostgreSQL (DATABASE_URL)" : `PGlite at ${dir}`} to ${file}`);
    return 0;
  }
  if (command === "restore") {
    if (!fileArg) throw new Error("usage: npm run db:restore -- <file> [--replace]");
    if (url) {
      if (!replace && (await postgresHasTables(url))) {
        throw new Error("DATABASE_URL already has tables: restore into an empty database, or pass --replace to drop them first");
      }
      await restorePostgres(url, fileArg, { replace });
    } else {
      const { movedAside } = await restorePglite(fileArg, dir, { replace });
      if (movedAside) console.log(`The previous data directory is kept at ${movedAside}`);
    }
    console.log(`Restored ${fileArg} into ${url ? "PostgreSQL (DATABASE_URL)" : `PGlite at ${dir}`}`);
    return verify(url, dir);
  }
  throw new Error("usage: tsx scripts/db/backup.ts backup [file] | restore <file> [--replace]");
}

main().then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  },
);
