/**
 * npm run check:ledger — the ledger invariants (src/server/services/money/invariants.ts) on any database:
 * DATABASE_URL when set, else the embedded PGlite at PGLITE_DIR (default .data/pglite).
 * Prints each check with OK or FAIL (and its violations); exits 1 on any violation.
 */
import { closeDatabase, getDb } from "../../src/server/platform/db";
import { describeDatabase } from "../../src/server/platform/env";
import { runLedgerChecks } from "../../src/server/services/money";

async function main(): Promise<number> {
  console.log(`Ledger invariants on ${describeDatabase()}`);
  const checks = await runLedgerChecks(await getDb());
  let failed = 0;
  for (const c of checks) {
    const ok = c.violations.length === 0;
    console.log(`${ok ? "OK  " : "FAIL"} ${c.name}: ${c.description}`);
    for (const v of c.violations.slice(0, 20)) console.log(`       - ${v.detail}`);
    if (c.violations.length > 20) console.log(`       … and ${c.violations.length - 20} more`);
    if (!ok) failed++;
  }
  console.log(failed ? `${failed} of ${checks.length} checks FAILED` : `All ${checks.length} checks passed`);
  return failed ? 1 : 0;
}

main()
  .then(async (code) => {
    await closeDatabase();
    process.exit(code);
  })
  .catch(async (e: unknown) => {
    console.error(e);
    await closeDatabase().catch(() => {});
    process.exit(2);
  });
