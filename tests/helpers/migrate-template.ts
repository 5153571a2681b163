/**
 * The migrated templates the test databases start from, made in a child process of vitest's
 * (tests/helpers/global-setup.ts): Prisma's schema engine, once loaded, held vitest's own process
 * open for its whole 10 s close timeout after every run.
 *
 *   tsx tests/helpers/migrate-template.ts pglite <file>   a PGlite data dir, migrated, as a tar
 *   tsx tests/helpers/migrate-template.ts postgres <url>  migrates the (empty) database at <url>
 */
import fs from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import { applyMigrations } from "../../src/server/platform/migrate";

async function pgliteTemplate(file: string): Promise<void> {
  const pglite = new PGlite("memory://");
  await applyMigrations({ pglite });
  // Tests use the one database PGlite opens; its two template databases were a third of the dump,
  // and every test database paid to unpack them (~0.1 s of CPU each).
  await pglite.exec(`UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1')`);
  for (const sql of ["DROP DATABASE template0", "DROP DATABASE template1", "CHECKPOINT"]) await pglite.exec(sql);
  // Uncompressed: unpacking a gzip dump cost each test database another ~0.2 s of CPU.
  const dump = await pglite.dumpDataDir("none");
  await pglite.close();
  // Written whole under a name of its own, then renamed: a run stopped halfway leaves no torn
  // template, and two projects making it at once do not write into one file.
  const partial = `${file}.${process.pid}.partial`;
  await fs.writeFile(partial, Buffer.from(await dump.arrayBuffer()));
  await fs.rename(partial, file);
}

const [kind, target] = process.argv.slice(2);
if (!target || (kind !== "pglite" && kind !== "postgres")) {
  console.error("usage: migrate-template.ts pglite <file> | postgres <url>");
  process.exit(2);
}
(kind === "pglite" ? pgliteTemplate(target) : applyMigrations({ url: target })).then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
