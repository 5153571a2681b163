/** Shared bench plumbing: a throwaway PostgreSQL database and the environment the app runs with on it (scripts/start-app.ts starts the app). */
import pg from "pg";
import { applyMigrations } from "../src/server/platform/migrate";

export const BASE_PG_URL = process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

export function urlFor(database: string): string {
  const u = new URL(BASE_PG_URL);
  u.pathname = `/${database}`;
  return u.toString();
}

export async function createBenchDatabase(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: BASE_PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = urlFor(name);
  await applyMigrations({ url });
  return {
    url,
    drop: async () => {
      const a = new pg.Client({ connectionString: BASE_PG_URL });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await a.end();
    },
  };
}

/** What a bench app runs with (scripts/start-app.ts starts it): quiet logs, per-IP budgets lifted. */
export function benchAppEnv(databaseUrl: string): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: "warn",
    // Every bench client is 127.0.0.1: lift the anonymous per-IP budget (the counter's cost stays in the figures).
    RATE_LIMIT_ANON_PER_MINUTE: process.env.RATE_LIMIT_ANON_PER_MINUTE ?? "100000000",
    RATE_LIMIT_SIGNUPS_PER_HOUR: process.env.RATE_LIMIT_SIGNUPS_PER_HOUR ?? "100000",
  };
}

export const fmt = (n: number, d = 0) => n.toLocaleString("en-US", { maximumFractionDigits: d, minimumFractionDigits: d });
