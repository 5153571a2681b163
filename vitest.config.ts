import path from "node:path";
import { defineConfig } from "vitest/config";

// Integration suites run on an in-memory PGlite, and again on PostgreSQL when TEST_DATABASE_URL
// is set (CI always sets it). tests/pg holds what needs a real server (concurrency, LISTEN/NOTIFY).
const pgUrl = process.env.TEST_DATABASE_URL;

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
    testTimeout: 60_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
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
                env: { TEST_DB_KIND: "postgres" },
              },
            },
          ]
        : []),
    ],
  },
});
