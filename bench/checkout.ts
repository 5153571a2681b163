/**
 * Checkout throughput: purchases per second with 50 concurrent buyers on ONE contest (the hot row
 * every purchase must lock), through the service (Prisma interactive transaction), and beside it
 * in the same run the same transaction in raw SQL over `pg` (the floor). PostgreSQL only.
 *   npm run bench:checkout   (BENCH_DURATION seconds per target, default 10; BENCH_POOL, default 10)
 * Creates and drops its own database on TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres).
 */
import { randomUUID } from "node:crypto";
import os from "node:os";
import pg from "pg";
import { openDatabase } from "../src/server/platform/db";
import { applyMigrations } from "../src/server/platform/migrate";
import { checkout } from "../src/server/services/checkout";

const BASE_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const BUYERS = 50;
const POOL = Number(process.env.BENCH_POOL ?? 10);

function urlFor(name: string): string {
  const u = new URL(BASE_URL);
  u.pathname = `/${name}`;
  return u.toString();
}

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: BASE_URL });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** One contest (no maximum, so nobody runs out) and 50 rich buyers, opening balances via the ledger. */
async function setup(pool: pg.Pool, tag: string): Promise<{ contestId: string; buyers: string[] }> {
  const contestId = `bench-${tag}`;
  await pool.query(
    `INSERT INTO "Contest" (id, title, description, category, "ticketPrice", "drawSeed", "drawSeedHash", "updatedAt")
     VALUES ($1, $2, 'bench', 'cash', 1.00, 'seed', 'hash', now())`,
    [contestId, `Bench ${tag}`],
  );
  const buyers = Array.from({ length: BUYERS }, (_, i) => `${tag}-buyer-${i}`);
  for (const id of buyers) {
    await pool.query(
      `INSERT INTO "User" (id, email, "firstName", "lastName", "passwordHash", "securityQuestion", "securityAnswerHash", balance, "updatedAt")
       VALUES ($1, $2, 'Bench', 'Buyer', 'x', 'q', 'x', 1000000, now())`,
      [id, `${id}@bench.invalid`],
    );
    await pool.query(
      `INSERT INTO "LedgerEntry" (id, "userId", kind, amount, "balanceAfter", reference) VALUES ($1, $2, 'adjustment', 1000000, 1000000, $3)`,
      [randomUUID(), id, `open-${id}`],
    );
  }
  return { contestId, buyers };
}

/** The service's transaction for one one-ticket line, in raw SQL: price, debit + ledger, take + entry. */
async function rawPurchase(pool: pg.Pool, userId: string, contestId: string): Promise<void> {
  const c = await pool.connect();
  try {
    await c.query("BEGIN");
    const priced = await c.query(`SELECT "ticketPrice", "maxTicketsPerUser" FROM "Contest" WHERE id = $1`, [contestId]);
    const price = priced.rows[0]?.ticketPrice;
    if (price === undefined) throw new Error("Contest not found");
    const entryId = randomUUID();
    const debited = await c.query(
      `UPDATE "User" SET balance = balance - $2::numeric, "updatedAt" = now() WHERE id = $1 AND balance - $2::numeric >= 0 RETURNING balance`,
      [userId, price],
    );
    if (!debited.rows[0]) throw new Error("Insufficient Balance");
    await c.query(
      `INSERT INTO "LedgerEntry" (id, "userId", kind, amount, "balanceAfter", reference) VALUES ($1, $2, 'purchase', -$3::numeric, $4, $5)`,
      [randomUUID(), userId, price, debited.rows[0].balance, entryId],
    );
    const taken = await c.query(
      `WITH taken AS (
         UPDATE "Contest" SET "soldTickets" = "soldTickets" + 1, "updatedAt" = now()
         WHERE id = $1 AND status = 'active' AND ("endDate" IS NULL OR "endDate" > now())
           AND ("maxTickets" IS NULL OR "soldTickets" + 1 <= "maxTickets") AND "ticketPrice" = $4::numeric
         RETURNING "soldTickets")
       INSERT INTO "TicketEntry" (id, "userId", "contestId", "ticketCount", "firstTicket", "lastTicket", "totalAmount")
       SELECT $2, $3, $1, 1, taken."soldTickets", taken."soldTickets", $4::numeric FROM taken
       RETURNING "firstTicket"`,
      [contestId, entryId, userId, price],
    );
    if (!taken.rows[0]) throw new Error("Sold out");
    await c.query("COMMIT");
  } catch (e) {
    await c.query("ROLLBACK");
    throw e;
  } finally {
    c.release();
  }
}

async function drive(seconds: number, buyers: string[], buy: (userId: string) => Promise<void>) {
  const until = Date.now() + seconds * 1000;
  let ok = 0;
  let failed = 0;
  const latencies: number[] = [];
  await Promise.all(
    buyers.map(async (id) => {
      while (Date.now() < until) {
        const t0 = performance.now();
        try {
          await buy(id);
          ok++;
          latencies.push(performance.now() - t0);
        } catch {
          failed++;
        }
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))] ?? 0;
  return { rate: ok / seconds, ok, failed, p50: pct(0.5), p99: pct(0.99) };
}

/** Sold equals entries, numbers 1..sold each once, every balance equals its ledger sum. */
async function verify(pool: pg.Pool, contestId: string): Promise<string> {
  const { rows } = await pool.query(
    `SELECT c."soldTickets" AS sold, count(e.*)::int AS entries, count(DISTINCT e."firstTicket")::int AS distinct_numbers,
            coalesce(max(e."lastTicket"), 0) AS top
     FROM "Contest" c LEFT JOIN "TicketEntry" e ON e."contestId" = c.id WHERE c.id = $1 GROUP BY c.id`,
    [contestId],
  );
  const r = rows[0];
  const ledger = await pool.query(
    `SELECT count(*)::int AS bad FROM "User" u
     WHERE u.balance <> (SELECT coalesce(sum(amount), 0) FROM "LedgerEntry" l WHERE l."userId" = u.id)`,
  );
  const good = r.sold === r.entries && r.entries === r.distinct_numbers && r.top === r.sold && ledger.rows[0].bad === 0;
  return good
    ? `ok (${r.sold} tickets, numbers 1..${r.top} once each, ledgers balance)`
    : `BROKEN ${JSON.stringify({ ...r, ...ledger.rows[0] })}`;
}

const fmt = (n: number, d = 0) => n.toLocaleString("en-US", { maximumFractionDigits: d, minimumFractionDigits: d });

async function main() {
  const name = `bench_checkout_${process.pid}_${Date.now()}`;
  await admin((c) => c.query(`CREATE DATABASE "${name}"`));
  const url = urlFor(name);
  const pool = new pg.Pool({ connectionString: url, max: POOL });
  pool.on("error", () => {}); // the final DROP DATABASE … FORCE ends whatever is still connected
  const handle = await openDatabase({ url, poolSize: POOL });
  try {
    await applyMigrations({ url });
    const svc = await setup(pool, "svc");
    const raw = await setup(pool, "raw");
    const viaService = (id: string) => checkout(handle.db, id, [{ contestId: svc.contestId, quantity: 1 }]).then(() => undefined);
    const viaRaw = (id: string) => rawPurchase(pool, id, raw.contestId);

    await drive(2, svc.buyers, viaService); // warm-up (JIT, pools, plans)
    await drive(2, raw.buyers, viaRaw);
    const service = await drive(DURATION, svc.buyers, viaService);
    const floor = await drive(DURATION, raw.buyers, viaRaw);

    console.log(
      `checkout: ${BUYERS} concurrent buyers, one contest, pool ${POOL}, ${DURATION} s each, ${os.cpus().length} cores, ${new Date().toISOString()}`,
    );
    console.log("target                          purchases/s   p50 ms   p99 ms   failed");
    for (const [label, r] of [
      ["service (Prisma transaction)", service],
      ["floor (raw SQL via pg)", floor],
    ] as const) {
      console.log(
        `${label.padEnd(30)} ${fmt(r.rate).padStart(12)} ${fmt(r.p50, 1).padStart(8)} ${fmt(r.p99, 1).padStart(8)} ${String(r.failed).padStart(8)}`,
      );
    }
    console.log(`ratio service/floor: ${fmt((service.rate / floor.rate) * 100, 1)}%`);
    console.log(`invariants service: ${await verify(pool, svc.contestId)}`);
    console.log(`invariants floor:   ${await verify(pool, raw.contestId)}`);
  } finally {
    await handle.close();
    await pool.end();
    await admin((c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
  }
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
