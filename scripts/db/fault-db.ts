/**
 * Database side of the fault tests (e2e/faults.spec.ts), run as its own process so it opens the
 * database exactly as a fresh app process would (PostgreSQL with DATABASE_URL, else PGlite at PGLITE_DIR).
 *
 *   tsx scripts/db/fault-db.ts prepare <players> <paymentsPerPlayer>
 *       migrate + seed, then players with a balance and a session, an admin session, pending
 *       sandbox payments and a contest without a cap; prints JSON (PrepareResult).
 *   tsx scripts/db/fault-db.ts verify <successes.json>
 *       checkLedgerInvariants, then every recorded success must be in the database; prints JSON.
 */
import fs from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import { createSession } from "../../src/server/auth/session";
import { type DatabaseHandle, defaultPgliteDir, openDatabase } from "../../src/server/platform/db";
import { getEnv } from "../../src/server/platform/env";
import { applyMigrations } from "../../src/server/platform/migrate";
import { SandboxGateway, sandboxWebhookKey } from "../../src/server/gateways/sandbox/payments";
import { checkLedgerInvariants, createPayment, simulateSandboxPayment } from "../../src/server/services/money";
import { applyBalanceChange } from "../../src/server/services/kernel";
import { SECURITY_QUESTIONS } from "../../src/shared/constants";
import { sha256Hex } from "../../src/shared/draw";
import { seed } from "./seed";

export type PrepareResult = {
  adminToken: string;
  contestId: string;
  players: { id: string; token: string; payments: { id: string; amount: string }[] }[];
};

/** What answered 2xx during the fault run. */
export type Successes = {
  cartAdds: { userId: string; entryId: string }[];
  spins: { userId: string; spinId: string }[];
  approvals: { paymentId: string; userId: string }[];
};

export type VerifyResult = { violations: string[]; missing: string[]; counts: Record<string, number> };

async function open(migrate: boolean): Promise<DatabaseHandle> {
  const url = getEnv().DATABASE_URL;
  if (url) {
    if (migrate) await applyMigrations({ url });
    return openDatabase({ url, poolSize: 4 });
  }
  await fs.mkdir(defaultPgliteDir(), { recursive: true });
  const pglite = new PGlite(defaultPgliteDir());
  await pglite.waitReady;
  if (migrate) await applyMigrations({ pglite });
  return openDatabase({ pglite });
}

async function prepare(handle: DatabaseHandle, players: number, paymentsPerPlayer: number): Promise<PrepareResult> {
  const db = handle.db;
  await seed(db);
  const admin = await db.user.findFirstOrThrow({ where: { role: "owner" } });
  const drawSeed = "fault-contest-seed";
  const contest = await db.contest.create({
    data: {
      title: "Fault contest",
      description: "Bought during the fault tests",
      category: "cash",
      ticketPrice: "0.50",
      drawSeed,
      drawSeedHash: await sha256Hex(drawSeed),
    },
  });
  const gateway = new SandboxGateway(await sandboxWebhookKey(db));
  const out: PrepareResult = { adminToken: (await createSession(db, admin.id)).token, contestId: contest.id, players: [] };
  for (let i = 0; i < players; i++) {
    const user = await db.user.create({
      data: {
        email: `fault-${i}-${Date.now()}@example.com`,
        firstName: "Fault",
        lastName: `Player ${i}`,
        passwordHash: "x",
        securityQuestion: SECURITY_QUESTIONS[0],
        securityAnswerHash: "x",
      },
    });
    await db.$transaction((tx) =>
      applyBalanceChange(tx, { userId: user.id, amount: "1000", kind: "adjustment", reference: `fault-open-${user.id}` }),
    );
    const payments = [];
    for (let p = 0; p < paymentsPerPlayer; p++) {
      const amount = `${10 + p}.25`;
      const r = await createPayment(
        db,
        user,
        { amount, currency: "USD", cryptoCurrency: "BTC" },
        { origin: "http://127.0.0.1", gateway },
      );
      // Paid at the gateway (the sandbox's signed webhook), so the load's approvals are the confirmed path.
      await simulateSandboxPayment(db, user, r.trackId, { gateway });
      payments.push({ id: r.paymentId, amount });
    }
    out.players.push({ id: user.id, token: (await createSession(db, user.id)).token, payments });
  }
  return out;
}

async function verify(handle: DatabaseHandle, successes: Successes): Promise<VerifyResult> {
  const db = handle.db;
  const violations = (await checkLedgerInvariants(db)).map((v) => `${v.check}: ${v.detail}`);
  const missing: string[] = [];
  const entryIds = successes.cartAdds.map((c) => c.entryId);
  const entries = new Map((await db.ticketEntry.findMany({ where: { id: { in: entryIds } } })).map((e) => [e.id, e]));
  for (const c of successes.cartAdds) {
    const e = entries.get(c.entryId);
    if (!e || e.userId !== c.userId) missing.push(`cart/add answered 200 but entry ${c.entryId} is not in the database`);
  }
  const spins = new Map(
    (await db.wheelSpin.findMany({ where: { id: { in: successes.spins.map((s) => s.spinId) } } })).map((s) => [s.id, s]),
  );
  for (const s of successes.spins) {
    const row = spins.get(s.spinId);
    if (!row || row.userId !== s.userId) missing.push(`wheel/spin answered 200 but spin ${s.spinId} is not in the database`);
  }
  const ids = successes.approvals.map((a) => a.paymentId);
  const payments = new Map((await db.payment.findMany({ where: { id: { in: ids } } })).map((p) => [p.id, p]));
  const credits = await db.ledgerEntry.groupBy({
    by: ["reference"],
    where: { kind: "topup", reference: { in: ids } },
    _count: true,
  });
  const creditCount = new Map(credits.map((c) => [c.reference, c._count]));
  for (const a of successes.approvals) {
    const p = payments.get(a.paymentId);
    if (p?.status !== "approved") missing.push(`approve answered 200 but payment ${a.paymentId} is ${p?.status ?? "missing"}`);
    const n = creditCount.get(a.paymentId) ?? 0;
    if (n !== 1) missing.push(`payment ${a.paymentId} approved but credited ${n} time(s)`);
  }
  const counts = {
    entries: await db.ticketEntry.count(),
    spins: await db.wheelSpin.count(),
    approved: await db.payment.count({ where: { status: "approved" } }),
  };
  return { violations, missing, counts };
}

async function main() {
  const [command, a, b] = process.argv.slice(2);
  if (command === "prepare") {
    const handle = await open(true);
    try {
      console.log(JSON.stringify(await prepare(handle, Number(a ?? 8), Number(b ?? 4))));
    } finally {
      await handle.close();
    }
  } else if (command === "verify" && a) {
    const successes = JSON.parse(await fs.readFile(a, "utf8")) as Successes;
    const handle = await open(false);
    try {
      console.log(JSON.stringify(await verify(handle, successes)));
    } finally {
      await handle.close();
    }
  } else {
    throw new Error("usage: fault-db.ts prepare <players> <payments> | verify <successes.json>");
  }
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
