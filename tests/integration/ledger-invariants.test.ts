import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { seed } from "../../scripts/db/seed";
import type { DbTx } from "../../src/server/platform/db";
import { openDatabase } from "../../src/server/platform/db";
import { checkLedgerInvariants } from "../../src/server/services/money";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";

const run = promisify(execFile);

class Rollback extends Error {}

describe(`ledger invariants (${dbKind()})`, () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
    await seed(t.db);
  });
  afterAll(() => t.close());

  it("hold on the seeded demo data", async () => {
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });

  /** Applies a corruption inside a transaction, checks, and rolls it back. */
  async function violationsAfter(corrupt: (tx: DbTx) => Promise<unknown>): Promise<string[]> {
    let found: string[] = [];
    await t.db
      .$transaction(async (tx) => {
        await corrupt(tx);
        found = (await checkLedgerInvariants(tx)).map((v) => v.check);
        throw new Rollback();
      })
      .catch((e: unknown) => {
        if (!(e instanceof Rollback)) throw e;
      });
    return [...new Set(found)];
  }

  const player = () => t.db.user.findUniqueOrThrow({ where: { email: "player@example.com" } });
  const ended = () => t.db.contest.findFirstOrThrow({ where: { status: "ended", winnerId: { not: null } } });

  it("catch a balance changed behind the ledger's back", async () => {
    const p = await player();
    expect(
      await violationsAfter(
        (tx) =>
          tx.$executeRaw`UPDATE "User" SET "balance" = "balance" + 1, "cashBalance" = "cashBalance" + 1 WHERE "id" = ${p.id}`,
      ),
    ).toEqual(["balance-equals-ledger"]);
  });

  it("catch a negative balance", async () => {
    const p = await player();
    expect(
      await violationsAfter(async (tx) => {
        await tx.$executeRawUnsafe(
          `ALTER TABLE "User" DROP CONSTRAINT "User_balance_non_negative", DROP CONSTRAINT "User_cash_non_negative"`,
        );
        await tx.$executeRaw`UPDATE "User" SET "cashBalance" = -5, "balance" = -5 + "creditBalance" WHERE "id" = ${p.id}`;
      }),
    ).toEqual(["balance-equals-ledger", "no-negative-balance"]);
  });

  it("catch cash and credit moved behind the ledger's back: a top-up booked as credit, credit withdrawn as cash", async () => {
    const p = await player();
    // A cash row relabelled as credit: the user's balances no longer match, and a top-up moves only cash.
    expect(
      await violationsAfter(async (tx) => {
        await tx.$executeRaw`
          UPDATE "LedgerEntry" SET "cashAmount" = "cashAmount" - 1, "creditAmount" = "creditAmount" + 1
          WHERE "id" = (SELECT "id" FROM "LedgerEntry" WHERE "userId" = ${p.id} AND "kind" = 'adjustment' LIMIT 1)`;
      }),
    ).toEqual(["balance-equals-ledger", "rows-move-their-balance"]);
    // The balances moved from credit to cash with no row: what a withdrawal of credit would need.
    expect(
      await violationsAfter(async (tx) => {
        await tx.$executeRaw`UPDATE "User" SET "cashBalance" = "cashBalance" + 1, "creditBalance" = "creditBalance" - 1
          WHERE "id" = (SELECT "id" FROM "User" WHERE "creditBalance" >= 1 LIMIT 1)`;
      }),
    ).toEqual(["balance-equals-ledger"]);
  });

  it("catch a payment credited twice, or credited while not approved", async () => {
    const p = await player();
    const payment = await t.db.payment.create({
      data: { userId: p.id, amount: "10", cryptoCurrency: "BTC", provider: "sandbox", trackId: "corrupt-1", payLink: "/pay/x" },
    });
    try {
      // A top-up row for a pending payment (balance kept in step, so only the payment check fails).
      expect(
        await violationsAfter(async (tx) => {
          await tx.ledgerEntry.create({
            data: {
              userId: p.id,
              kind: "topup",
              amount: "10",
              cashAmount: "10",
              creditAmount: "0",
              balanceAfter: "60",
              cashAfter: "60",
              creditAfter: "0",
              reference: payment.id,
            },
          });
          await tx.$executeRaw`UPDATE "User" SET "balance" = "balance" + 10, "cashBalance" = "cashBalance" + 10 WHERE "id" = ${p.id}`;
        }),
      ).toEqual(["payment-credited-once"]);
      // Approved without any credit.
      expect(
        await violationsAfter((tx) => tx.payment.update({ where: { id: payment.id }, data: { status: "approved" } })),
      ).toEqual(["approved-payment-credited"]);
    } finally {
      await t.db.payment.delete({ where: { id: payment.id } });
    }
  });

  it("catch oversold contests, sold counts that differ from entries, and overlapping tickets", async () => {
    const c = await ended();
    expect(
      await violationsAfter(async (tx) => {
        await tx.$executeRawUnsafe(`ALTER TABLE "Contest" DROP CONSTRAINT "Contest_sold_within_max"`);
        await tx.$executeRaw`UPDATE "Contest" SET "maxTickets" = 1 WHERE "id" = ${c.id}`;
      }),
    ).toEqual(["sold-within-max"]);
    expect(
      await violationsAfter(
        (tx) => tx.$executeRaw`UPDATE "Contest" SET "soldTickets" = "soldTickets" + 1, "maxTickets" = NULL WHERE "id" = ${c.id}`,
      ),
    ).toEqual(["sold-equals-entries"]);
    const [first] = await t.db.ticketEntry.findMany({ where: { contestId: c.id }, orderBy: { firstTicket: "asc" } });
    expect(
      await violationsAfter(
        (tx) =>
          tx.$executeRaw`UPDATE "TicketEntry" SET "firstTicket" = "firstTicket" + 1, "lastTicket" = "lastTicket" + 1 WHERE "id" = ${first!.id}`,
      ),
    ).toContain("ticket-numbers-unique");
  });

  it("catch two winners in one contest", async () => {
    const c = await ended();
    expect(
      await violationsAfter((tx) => tx.ticketEntry.updateMany({ where: { contestId: c.id }, data: { result: "won" } })),
    ).toEqual(["one-winner"]);
  });

  // One run of the script (each costs a process start): the corrupted balance FAILs with exit 1 while
  // every other, sound check prints OK. That sound data passes every check is the first test above.
  it("npm run check:ledger prints OK for sound checks, FAIL and exit 1 on a corrupted balance", async () => {
    const script = ["node_modules/.bin/tsx", "scripts/db/check-ledger.ts"] as const;
    let env: NodeJS.ProcessEnv;
    let dir: string | undefined;
    let corrupt: () => Promise<void>;
    if (t.url) {
      env = { ...process.env, DATABASE_URL: t.url };
      corrupt = async () => {
        await t.db
          .$executeRaw`UPDATE "User" SET "balance" = "balance" + 0.001, "cashBalance" = "cashBalance" + 0.001 WHERE "email" = 'player@example.com'`;
      };
    } else {
      // The script opens its own PGlite directory: build one from the migrated template and seed it.
      dir = await fs.mkdtemp(path.join(os.tmpdir(), "ledger-check-"));
      const dump = await fs.readFile(inject("pgliteDump"));
      const h = await openDatabase({ pglite: new PGlite(dir, { loadDataDir: new Blob([dump]) }) });
      await seed(h.db);
      await h.close();
      env = { ...process.env, DATABASE_URL: "", PGLITE_DIR: dir };
      corrupt = async () => {
        const h2 = await openDatabase({ pgliteDir: dir });
        await h2.db
          .$executeRaw`UPDATE "User" SET "balance" = "balance" + 0.001, "cashBalance" = "cashBalance" + 0.001 WHERE "email" = 'player@example.com'`;
        await h2.close();
      };
    }
    try {
      await corrupt();
      const failed = await run(script[0], [script[1]], { env }).then(
        () => null,
        (e: { code: number; stdout: string }) => e,
      );
      expect(failed?.code).toBe(1);
      expect(failed?.stdout).toMatch(/^FAIL balance-equals-ledger/m);
      expect(failed?.stdout).toMatch(/^OK +ticket-numbers-unique/m);
      expect(failed?.stdout).toMatch(/^OK +payment-credited-once/m);
      expect(failed?.stdout).toMatch(/^1 of \d+ checks FAILED$/m);
    } finally {
      if (t.url)
        await t.db
          .$executeRaw`UPDATE "User" SET "balance" = "balance" - 0.001, "cashBalance" = "cashBalance" - 0.001 WHERE "email" = 'player@example.com'`;
      if (dir) await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
