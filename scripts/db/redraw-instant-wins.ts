/**
 * npm run instant-wins:redraw — the one-off step after upgrading to keyed instant-win commitments
 * (docs/fair-play.md "Maps committed before the keyed hash"): every contest whose instant-win map was
 * committed under scheme 1 (a SHA-256 anyone could brute-force) and is not revealed yet gets a fresh
 * scheme-2 map now, instead of at its next sale. Prizes already won keep their tickets; the others
 * are drawn from a new seed among the tickets not sold yet (src/server/services/checkout/instant-redraw.ts).
 * Safe to run again and on a running site (each contest under its row lock; nothing left to do
 * prints 0). DATABASE_URL when set, else the embedded PGlite at PGLITE_DIR (default .data/pglite).
 */
import { closeDatabase, getDb } from "../../src/server/platform/db";
import { describeDatabase } from "../../src/server/platform/env";
import { redrawAllLegacyInstantMaps } from "../../src/server/services/checkout";

async function main(): Promise<number> {
  console.log(`Re-drawing scheme-1 instant-win maps on ${describeDatabase()}`);
  const count = await redrawAllLegacyInstantMaps(await getDb());
  console.log(`${count} contest${count === 1 ? "" : "s"} re-drawn (each has an audit row "Instant prizes re-drawn")`);
  return 0;
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
