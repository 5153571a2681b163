import path from "node:path";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

// Integration suites run on an in-memory PGlite, and again on PostgreSQL when TEST_DATABASE_URL
// is set (CI always sets it). tests/pg holds what needs a real server (concurrency, LISTEN/NOTIFY).
const pgUrl = process.env.TEST_DATABASE_URL;

/**
 * Integration files that run on PGlite only: their subject is not the database. PGlite is
 * PostgreSQL's own engine, so a query run one at a time answers the same on both; what differs on a
 * server is concurrency (PGlite runs one transaction at a time), the pool and lost connections,
 * LISTEN/NOTIFY, pg_dump, collation and the server's version. Files about those stay on both: every
 * race and at-most-once test, money (payments, withdrawals, payouts, prizes, the ledger), the draw,
 * jobs, migrations, backups, paging and admin figures. TEST_ALL_ON_POSTGRES=1 runs these there too.
 */
const PGLITE_ONLY = [
  // The document against the REST table (recording callers, no queries) and a generated client's typing.
  "tests/integration/openapi.test.ts",
  "tests/integration/openapi-client.test.ts",
  // Log line format and request ids.
  "tests/integration/request-log.test.ts",
  // Hostile input on every path: its subject is the REST and tRPC adapters' answers (4xx, never 5xx,
  // nothing written); a value the database itself refuses fails in PGlite's engine the same way.
  // The slowest file on PostgreSQL (19 s of 157).
  "tests/integration/bad-input.test.ts",
  // The demo seed: ledger-invariants.test.ts seeds and checks the same data on both databases.
  "tests/integration/seed.test.ts",
  // Starts its own PostgreSQL cluster and app instance: the project's database is not used, so a
  // second run would test the same thing again.
  "tests/integration/money-faults.test.ts",
  // Sign-in, account and player screens' rules, one request after another: the second factor, the
  // password rules and hashing (the CPU of these files), terms and age declarations, notifications
  // and the support inbox. Sign-in races (auth-recovery, reset-link, rate-limit) stay on both.
  "tests/integration/two-factor.test.ts",
  "tests/integration/auth.test.ts",
  "tests/integration/account.test.ts",
  "tests/integration/age.test.ts",
  "tests/integration/fair-play-terms.test.ts",
  "tests/integration/notifications.test.ts",
  "tests/integration/support.test.ts",
  // Mail over SMTP: the outbox's claims run on PostgreSQL in complaints.test.ts and reset-link.test.ts.
  "tests/integration/email.test.ts",
  // What is made of the same reads: CSV cells, proofs' arithmetic, the wheel's expected value, the
  // public lists and a purchase's "can this be bought". Sorting and paging (collation) stay on both
  // in paging.test.ts, the draw itself in draws.test.ts and tests/pg/draw-*.test.ts.
  "tests/integration/exports.test.ts",
  "tests/integration/draw-proofs.test.ts",
  "tests/integration/wheel-economics.test.ts",
  "tests/integration/winners.test.ts",
  "tests/integration/contests.test.ts",
  "tests/integration/live-draws.test.ts",
  "tests/integration/purchase-rules.test.ts",
  // The HTTP layer in front of the routers: the fast path's kept pages and privacy, hostile paths,
  // the in-memory per-IP budget, readiness while draining.
  "tests/integration/fast-path.test.ts",
  "tests/integration/fast-path-privacy.test.ts",
  "tests/integration/hostile-input.test.ts",
  "tests/integration/anonymous-limit.test.ts",
  "tests/integration/ops-health.test.ts",
  // npm run admin:create: one insert or update of a user, and the command run on an embedded database.
  "tests/integration/admin-create.test.ts",
];

/**
 * Files that spend most of their time waiting (job polling and expiry, a migration lock, their own
 * server or cluster): started first in their project, so the waiting overlaps other files' work. By
 * size (vitest's order on a fresh clone, with no timings cached) they came last, and the run ended
 * with one thread busy and two idle.
 */
const WAITING_FILES_FIRST = [
  "tests/integration/money-faults.test.ts",
  "tests/pg/jobs-workers.test.ts",
  "tests/pg/migrate-on-start.test.ts",
  "tests/pg/draw-scale.test.ts",
];

class WaitingFilesFirst extends BaseSequencer {
  async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const i = WAITING_FILES_FIRST.findIndex((file) => spec.moduleId.endsWith(file));
      return i < 0 ? WAITING_FILES_FIRST.length : i;
    };
    // Projects keep vitest's order (one after another); within each, the waiting files lead.
    const projects = [...new Set(sorted.map((spec) => spec.project.name))];
    return projects.flatMap((name) =>
      sorted
        .filter((spec) => spec.project.name === name)
        .map((spec, i) => ({ spec, i }))
        .sort((a, b) => rank(a.spec) - rank(b.spec) || a.i - b.i)
        .map(({ spec }) => spec),
    );
  }
}

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname, "src"),
      // Tests are server code: the marker resolves to its empty module, as Next's server layers do.
      "server-only": path.resolve(import.meta.dirname, "node_modules/server-only/empty.js"),
    },
  },
  test: {
    globalSetup: ["tests/helpers/global-setup.ts"],
    setupFiles: ["tests/helpers/restore-env.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Files run one after another in shared worker threads, without a fresh module graph each: an
    // isolated file paid its imports again (a fifth of the run) and a new PGlite; a thread hands its
    // PGlite on (tests/helpers/db.ts) and every file's process.env is restored when it ends
    // (tests/helpers/restore-env.ts). Three threads keep both cores busy while files wait on I/O.
    pool: "threads",
    sequence: { sequencer: WaitingFilesFirst },
    isolate: false,
    maxWorkers: 3,
    // Every test calls from 127.0.0.1: lift the anonymous per-IP budget (tests/integration/anonymous-limit.test.ts sets its own).
    env: { NODE_ENV: "test", RATE_LIMIT_ANON_PER_MINUTE: "1000000" },
    projects: [
      {
        extends: true,
        test: {
          name: "pglite",
          include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
          env: { TEST_DB_KIND: "pglite" },
        },
      },
      ...(pgUrl
        ? [
            {
              extends: true,
              test: {
                name: "postgres",
                include: ["tests/integration/**/*.test.ts", "tests/pg/**/*.test.ts"],
                exclude: process.env.TEST_ALL_ON_POSTGRES ? [] : PGLITE_ONLY,
                env: { TEST_DB_KIND: "postgres" },
              },
            },
          ]
        : []),
    ],
  },
});
