/**
 * The cash/credit split migration (prisma/migrations/*_cash_credit_split, docs/payments.md "Cash and
 * credit") on a database with history: every migration before it, a ledger written under the old
 * single balance (a credit prize withdrawn as cash included), then the split. Each balance must equal
 * its rows, the replay must be idempotent, and replaying rows the new writer made must reproduce them.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "../../src/server/platform/db";
import { checkout } from "../../src/server/services/checkout";
import { cancelContest } from "../../src/server/services/draws";
import { applyBalanceChange } from "../../src/server/services/kernel";
import { createWithdrawal, rejectWithdrawal, runLedgerChecks } from "../../src/server/services/money";
import { spin } from "../../src/server/services/wheel";
import { dbKind, postgresUrlFor } from "../helpers/db";

const MIGRATIONS = path.join(process.cwd(), "prisma", "migrations");
const TRON = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
/** The checks about the two balances (the others need payments, spins and withdrawals of their own). */
const SPLIT_CHECKS = [
  "balance-equals-ledger",
  "no-negative-balance",
  "rows-move-their-balance",
  "entry-credit-part",
  "credit-lots-covered",
];

/** Runs a multi-statement script on either database. */
type Exec = (sql: string) => Promise<void>;

async function migrationFiles(): Promise<{ before: string[]; split: string; after: string[] }> {
  const names = (await fs.readdir(MIGRATIONS, { withFileTypes: true }))
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  const at = names.findIndex((n) => n.endsWith("_cash_credit_split"));
  const read = (n: string) => fs.readFile(path.join(MIGRATIONS, n, "migration.sql"), "utf8");
  return {
    before: await Promise.all(names.slice(0, at).map(read)),
    split: await read(names[at] as string),
    after: await Promise.all(names.slice(at + 1).map(read)),
  };
}

/** The replay alone (between the split:begin and split:end markers), to run it again. */
const replayOf = (split: string) => split.slice(split.indexOf("-- split:begin"), split.indexOf("-- split:end"));

/** History under the old single balance: a player who spent, won credit, withdrew it as cash, got refunds. */
const HISTORY = `
INSERT INTO "User" ("id", "email", "firstName", "lastName", "passwordHash", "securityQuestion", "securityAnswerHash", "balance", "updatedAt", "createdAt")
VALUES ('ua', 'a@example.com', 'Ada', 'A', 'x', 'q', 'x', 74.049, now(), now() - interval '30 days'),
       ('ub', 'b@example.com', 'Bob', 'B', 'x', 'q', 'x', 5, now(), now() - interval '30 days'),
       ('uc', 'c@example.com', 'Cy', 'C', 'x', 'q', 'x', 0, now(), now() - interval '30 days');
INSERT INTO "Contest" ("id", "title", "description", "category", "ticketPrice", "drawSeed", "drawSeedHash", "updatedAt", "soldTickets", "maxTickets", "pickNumbers", "status")
VALUES ('c1', 'Plain', 'd', 'cars', 2, 's', 'h', now(), 6, NULL, false, 'active'),
       ('c2', 'Pick', 'd', 'cars', 2, 's', 'h', now(), 2, 20, true, 'cancelled');
INSERT INTO "TicketEntry" ("id", "userId", "contestId", "ticketCount", "firstTicket", "lastTicket", "totalAmount", "result", "createdAt")
VALUES ('e1', 'ua', 'c1', 3, 1, 3, 6, NULL, '2026-01-01 10:01'),
       ('e2a', 'ua', 'c2', 1, 9, 9, 2, 'refunded', '2026-01-01 10:02'),
       ('e2b', 'ua', 'c2', 1, 5, 5, 2, 'refunded', '2026-01-01 10:02'),
       ('e3', 'ub', 'c1', 3, 4, 6, 3, NULL, '2026-01-01 10:01');
INSERT INTO "LedgerEntry" ("id", "userId", "kind", "amount", "balanceAfter", "reference", "createdAt") VALUES
  ('l01', 'ua', 'adjustment', 50, 50, 'open-a', '2026-01-01 10:00'),
  ('l03', 'ua', 'instant_credit', 20, 64, 'ip1', '2026-01-01 10:01'),
  ('l02', 'ua', 'purchase', -6, 44, 'e1', '2026-01-01 10:01'),
  ('l04', 'ua', 'purchase', -4, 60, 'e2a', '2026-01-01 10:02'),
  ('l05', 'ua', 'wheel_spin', -0.001, 59.999, 'sp1', '2026-01-01 10:03'),
  ('l06', 'ua', 'wheel_prize', 0.05, 60.049, 'sp1', '2026-01-01 10:03'),
  ('l07', 'ua', 'withdrawal_hold', -50, 10.049, 'w1', '2026-01-01 10:04'),
  ('l08', 'ua', 'withdrawal_release', 50, 60.049, 'w1', '2026-01-01 10:05'),
  ('l09', 'ua', 'refund', 2, 62.049, 'e2a', '2026-01-01 10:06'),
  ('l10', 'ua', 'refund', 2, 64.049, 'e2b', '2026-01-01 10:06'),
  ('l11', 'ua', 'topup', 10, 74.049, 'p1', '2026-01-01 10:07'),
  ('l21', 'ub', 'adjustment', 10, 10, 'open-b', '2026-01-01 10:00'),
  ('l22', 'ub', 'purchase', -3, 7, 'e3', '2026-01-01 10:01'),
  ('l23', 'ub', 'review_take_back', -2, 5, 'r1', '2026-01-01 10:02');
`;

describe(`cash/credit split migration (${dbKind()})`, () => {
  let exec: Exec;
  let handle: DatabaseHandle;
  let cleanup: () => Promise<void>;
  let split = "";
  let files: Awaited<ReturnType<typeof migrationFiles>>;

  beforeAll(async () => {
    files = await migrationFiles();
    split = files.split;
    if (dbKind() === "pglite") {
      const pglite = new PGlite("memory://");
      exec = async (sql) => {
        await pglite.exec(sql);
      };
      for (const m of files.before) await exec(m);
      handle = await openDatabase({ pglite });
      cleanup = () => handle.close();
    } else {
      const name = `prize_split_${process.pid}_${Date.now()}`;
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`CREATE DATABASE "${name}"`);
      await admin.end();
      const client = new pg.Client({ connectionString: postgresUrlFor(name) });
      await client.connect();
      exec = async (sql) => {
        await client.query(sql);
      };
      for (const m of files.before) await exec(m);
      handle = await openDatabase({ url: postgresUrlFor(name), poolSize: 4 });
      cleanup = async () => {
        await client.end();
        await handle.close();
        const a = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await a.connect();
        await a.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
        await a.end();
      };
    }
    await exec(HISTORY);
    await exec(split);
    // The later migrations too, so the database is the one the writer below expects.
    for (const m of files.after) await exec(m);
  }, 240_000);
  afterAll(() => cleanup());

  const splitViolations = async () =>
    (await runLedgerChecks(handle.db)).filter((c) => SPLIT_CHECKS.includes(c.name)).flatMap((c) => c.violations);

  /** Every split column the replay writes. */
  async function snapshot() {
    const db = handle.db;
    return {
      users: (await db.user.findMany({ orderBy: { id: "asc" } })).map((u) => [
        u.id,
        u.balance.toFixed(3),
        u.cashBalance.toFixed(3),
        u.creditBalance.toFixed(3),
      ]),
      rows: (await db.ledgerEntry.findMany({ orderBy: { seq: "asc" } })).map((l) => [
        l.id,
        l.kind,
        l.cashAmount.toFixed(3),
        l.creditAmount.toFixed(3),
        l.cashAfter.toFixed(3),
        l.creditAfter.toFixed(3),
      ]),
      entries: (await db.ticketEntry.findMany({ orderBy: { id: "asc" } })).map((e) => [e.id, e.creditAmount.toFixed(3)]),
    };
  }

  it("splits each balance from its history: credit prizes and wheel prizes are credit, spends took credit first", async () => {
    const s = await snapshot();
    expect(s.users).toEqual([
      ["ua", "74.049", "54.000", "20.049"],
      ["ub", "5.000", "5.000", "0.000"],
      ["uc", "0.000", "0.000", "0.000"],
    ]);
    const rows = Object.fromEntries(s.rows.map(([id, , cash, credit]) => [id, `${cash}/${credit}`]));
    expect(rows).toMatchObject({
      l02: "-6.000/0.000", // before the credit prize of the same instant: debits first
      l04: "0.000/-4.000", // credit first
      l07: "-44.000/-6.000", // the old flaw: the withdrawal drew on credit the cash did not cover
      l08: "44.000/6.000", // its release gave each part back
      l09: "0.000/2.000", // refunds return what the entry was paid with
      l23: "-2.000/0.000",
    });
    // The pick line's credit part over its one-ticket entries, in ticket order.
    expect(Object.fromEntries(s.entries)).toMatchObject({ e1: "0.000", e2a: "2.000", e2b: "2.000", e3: "0.000" });
    expect(await splitViolations()).toEqual([]);
    // Rows written before the split may show the old flaw; the check knows which those are.
    const [setting] = await handle.db.$queryRaw<
      { value: unknown }[]
    >`SELECT "value" FROM "AppSetting" WHERE "key" = 'ledger.cashCreditSplitSeq'`;
    expect(Number(setting?.value)).toBe(14);
  });

  it("is idempotent, and a replay over rows the new writer made reproduces them exactly", async () => {
    const first = await snapshot();
    await exec(replayOf(split));
    expect(await snapshot()).toEqual(first);

    // New activity under the writer's rules: spends (a pick line too), refunds, a spin, a withdrawal.
    process.env.AUTO_WITHDRAW_MAX_USD = "0"; // the withdrawal below waits for an admin, who rejects it
    const db = handle.db;
    await db.$transaction((tx) =>
      applyBalanceChange(tx, { userId: "uc", amount: "7", kind: "credit_grant", reference: "goodwill-c" }),
    );
    await db.$transaction((tx) =>
      applyBalanceChange(tx, { userId: "uc", amount: "30", kind: "adjustment", reference: "cash-c" }),
    );
    await db.$executeRaw`INSERT INTO "Contest" ("id", "title", "description", "category", "ticketPrice", "drawSeed", "drawSeedHash", "updatedAt", "maxTickets", "pickNumbers")
      VALUES ('c3', 'Pick later', 'd', 'cars', 2, 's', 'h', now(), 30, true), ('c4', 'Plain later', 'd', 'cars', 1.5, 's', 'h', now(), NULL, false)`;
    await checkout(db, "uc", [{ contestId: "c3", quantity: 3, ticketNumbers: [12, 4, 8] }]);
    await checkout(db, "uc", [{ contestId: "c4", quantity: 2 }]);
    await checkout(db, "ua", [{ contestId: "c4", quantity: 3 }]);
    await cancelContest(db, "c3");
    await spin(db, "uc", false);
    const w = await createWithdrawal(db, "ua", { amount: "20", cryptoCurrency: "USDT", network: "TRC20", address: TRON });
    await rejectWithdrawal(db, "uc", w.id, "test"); // another account rejects it (nobody decides on their own)
    expect(await splitViolations()).toEqual([]);

    const written = await snapshot();
    await exec(replayOf(split));
    expect(await snapshot()).toEqual(written);
  });
});
