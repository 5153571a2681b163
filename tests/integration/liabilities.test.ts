import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Prisma, type User } from "../../src/generated/prisma/client";
import { applyBalanceChange } from "../../src/server/services/kernel";
import { createWithdrawal } from "../../src/server/services/money";
import { liabilityProof, pruneExpiredProofs, takeLiabilitySnapshot } from "../../src/server/services/proofs";
import { checkLiabilityProof, type LiabilityProofFile, type PublishedRoot } from "../../src/shared/liabilities";
import { creditPlayers, insertPlayers } from "../../bench/scale-data";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { createContest, createUser, rest } from "../helpers/fixtures";
import { type LocalServer, startRestServer } from "../helpers/servers";

const run = promisify(execFile);

describe(`proof of liabilities (${dbKind()})`, () => {
  let t: TestDb;
  let app: LocalServer;
  let admin: User;
  let players: User[];
  let winner: User;
  let withdrawer: User;
  let nobody: User;
  beforeAll(async () => {
    t = await createTestDb();
    app = await startRestServer();
    admin = await createUser(t.db, { role: "owner" });
    players = [];
    for (const balance of ["10", "0.005", "250.5", "3", "7.25", "1", "42", "0.1", "5"])
      players.push(await createUser(t.db, { balance }));
    winner = await createUser(t.db, { balance: "1" });
    // Site credit (spend-only) is owed too, in its own column.
    await t.db.$transaction((tx) =>
      applyBalanceChange(tx, { userId: winner.id, amount: "2.5", kind: "credit_grant", reference: `goodwill-${winner.id}` }),
    );
    const contest = await createContest(t.db, { title: "Owed Car", cashAlternative: "15000" });
    const claimBy = new Date(Date.now() + 86_400_000);
    // Owed: an unclaimed prize in its claim period, a requested (undelivered) one; settled: delivered, expired.
    await t.db.prize.create({ data: { contestId: contest.id, userId: winner.id, cashAlternative: "15000", claimBy } });
    for (const [status, cash, by] of [
      ["prize_requested", "120", claimBy],
      ["delivered", "999", claimBy],
      ["unclaimed", "500", new Date(Date.now() - 1000)],
    ] as const) {
      const c = await createContest(t.db, { title: `Prize ${status}` });
      await t.db.prize.create({ data: { contestId: c.id, userId: winner.id, cashAlternative: cash, claimBy: by, status } });
    }
    withdrawer = await createUser(t.db, { balance: "50" });
    await createWithdrawal(t.db, withdrawer.id, {
      amount: "20",
      cryptoCurrency: "USDT",
      network: "TRC20",
      address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
    } as never);
    nobody = await createUser(t.db);
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  const published = async (id: string): Promise<PublishedRoot> =>
    (await rest(t.db, "GET", `/api/proof-of-liabilities/${id}`)).body;

  it("publishes the totals owed (balances, open prizes at their cash alternative, requested payouts) equal to the ledger, and every player's proof checks", async () => {
    const { id } = await takeLiabilitySnapshot(t.db, { trigger: "schedule", chunkSize: 4 });
    const s = (await rest(t.db, "GET", `/api/proof-of-liabilities/${id}`)).body;
    const balances = await t.db.user.aggregate({ _sum: { cashBalance: true, creditBalance: true } });
    const ledger = await t.db.ledgerEntry.aggregate({ _sum: { amount: true } });
    expect(s.totals).toEqual({
      cash: new Prisma.Decimal(balances._sum.cashBalance ?? 0).toFixed(3),
      credit: "2.500",
      prizes: "15120.000", // unclaimed in its period + requested; not delivered, not expired
      payouts: "20.000",
    });
    expect(s.ledger.sum).toBe(new Prisma.Decimal(ledger._sum.amount ?? 0).toFixed(3));
    expect(new Prisma.Decimal(s.totals.cash).add(s.totals.credit).toFixed(3)).toBe(s.ledger.sum);
    expect(s).toMatchObject({ leafCount: players.length + 2, prizesOpen: 2, prizesUnvalued: 0, proofsAvailable: true });
    expect(JSON.stringify(await rest(t.db, "GET", "/api/proof-of-liabilities"))).not.toMatch(/secret|@example\.com/);

    for (const p of [...players, winner, withdrawer]) {
      const res = await rest(t.db, "GET", "/api/user/liabilities-proof", { user: p });
      expect(res.status, p.id).toBe(200);
      const file = res.body as LiabilityProofFile;
      const check = await checkLiabilityProof(file, { published: s, accountId: p.id });
      expect(
        check.lines.filter((l) => !l.ok),
        p.id,
      ).toEqual([]);
      // Nobody else's account is named; siblings are hashes and sums only.
      const others = [...players, winner, withdrawer].filter((o) => o.id !== p.id);
      for (const o of others) expect(JSON.stringify(file)).not.toContain(o.id);
    }
    const mine = (await rest(t.db, "GET", "/api/user/liabilities-proof", { user: winner })).body as LiabilityProofFile;
    expect(mine.amounts).toEqual({ cash: "1.000", credit: "2.500", prizes: "15120.000", payouts: "0.000" });
    const w = (await rest(t.db, "GET", "/api/user/liabilities-proof", { user: withdrawer })).body as LiabilityProofFile;
    expect(w.amounts).toEqual({ cash: "30.000", credit: "0.000", prizes: "0.000", payouts: "20.000" });

    const none = await rest(t.db, "GET", "/api/user/liabilities-proof", { user: nobody });
    expect(none.status).toBe(404);
    expect(none.body.message).toContain("no leaf");
    expect((await rest(t.db, "GET", "/api/user/liabilities-proof")).status).toBe(401);
    expect((await rest(t.db, "GET", "/api/proof-of-liabilities/nope")).status).toBe(404);
  });

  it("leaves are shuffled and salted anew each snapshot: positions and the root change while the totals do not", async () => {
    const a = await takeLiabilitySnapshot(t.db, { trigger: "schedule", chunkSize: 4 });
    const b = await takeLiabilitySnapshot(t.db, { trigger: "schedule", chunkSize: 4 });
    const [sa, sb] = [await published(a.id), await published(b.id)];
    expect(sa.totals).toEqual(sb.totals);
    expect(sa.rootHash).not.toBe(sb.rootHash);
    const order = async (id: string) =>
      Promise.all([...players, winner, withdrawer].map(async (p) => (await liabilityProof(t.db, p.id, id)).proof.index));
    expect(await order(a.id)).not.toEqual(await order(b.id));
    // The latest is what a player gets by default.
    expect((await liabilityProof(t.db, winner.id)).snapshotId).toBe(b.id);
  });

  it("npm run verify:liabilities checks a downloaded proof against the site (exit 0) and refuses a tampered sum, sibling or root (exit 1)", async () => {
    const { id } = await takeLiabilitySnapshot(t.db, { trigger: "schedule", chunkSize: 4 });
    const file = (await rest(t.db, "GET", `/api/user/liabilities-proof?snapshot=${id}`, { user: players[2] as User }))
      .body as LiabilityProofFile;
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "liabilities-"));
    const script = ["node_modules/.bin/tsx", "scripts/tools/verify-liabilities.ts"] as const;
    const check = async (f: LiabilityProofFile) => {
      const at = path.join(dir, `${Math.random()}.json`);
      await fs.writeFile(at, JSON.stringify(f));
      return run(script[0], [script[1], at, "--site", app.url, "--account", (players[2] as User).id]).then(
        (r) => ({ code: 0, stdout: r.stdout }),
        (err: { code: number; stdout: string }) => ({ code: err.code, stdout: err.stdout }),
      );
    };
    try {
      const ok = await check(file);
      expect(ok.stdout).toContain("OK   the root hash and the totals are the ones the site publishes");
      expect(ok).toMatchObject({ code: 0 });
      const sib = file.proof.siblings[0] as { hash: string; sums: string[] };
      const flip = (h: string) => (h[0] === "0" ? "1" : "0") + h.slice(1);
      const tampered: LiabilityProofFile[] = [
        // My own amount made smaller, readable copy too: the root no longer matches.
        {
          ...file,
          amounts: { ...file.amounts, cash: "0.000" },
          proof: { ...file.proof, amounts: ["0", ...file.proof.amounts.slice(1)] },
        },
        // A sibling's sum lowered (hiding liabilities), a sibling's hash changed.
        {
          ...file,
          proof: { ...file.proof, siblings: [{ ...sib, sums: ["0", ...sib.sums.slice(1)] }, ...file.proof.siblings.slice(1)] },
        },
        { ...file, proof: { ...file.proof, siblings: [{ ...sib, hash: flip(sib.hash) }, ...file.proof.siblings.slice(1)] } },
        // A root recomputed to fit smaller totals is not the published one.
        { ...file, proof: { ...file.proof, root: { ...file.proof.root, sums: ["1", ...file.proof.root.sums.slice(1)] } } },
        { ...file, proof: { ...file.proof, amounts: ["-5", ...file.proof.amounts.slice(1)] } },
      ];
      for (const f of tampered) {
        const bad = await check(f);
        expect(bad.code).toBe(1);
        expect(bad.stdout).toMatch(/^FAIL /m);
        expect(bad.stdout).toMatch(/^NOT VERIFIED$/m);
      }
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it("refuses to publish when the balances do not add up to the ledger (nothing written)", async () => {
    const before = await t.db.liabilitySnapshot.count();
    const p = players[0] as User;
    await t.db
      .$executeRaw`UPDATE "User" SET "balance" = "balance" + 0.001, "cashBalance" = "cashBalance" + 0.001 WHERE "id" = ${p.id}`;
    try {
      await expect(takeLiabilitySnapshot(t.db, { trigger: "schedule" })).rejects.toThrow(
        /cash balances .* do not add up to the ledger/,
      );
    } finally {
      await t.db
        .$executeRaw`UPDATE "User" SET "balance" = "balance" - 0.001, "cashBalance" = "cashBalance" - 0.001 WHERE "id" = ${p.id}`;
    }
    expect(await t.db.liabilitySnapshot.count()).toBe(before);
    const [orphans] = await t.db.$queryRaw<{ n: number }[]>`
      SELECT count(*)::int AS n FROM "LiabilityChunk" c WHERE NOT EXISTS (SELECT 1 FROM "LiabilitySnapshot" s WHERE s."id" = c."snapshotId")`;
    expect(orphans?.n).toBe(0);
  });

  it("an admin takes one on demand (audited, players refused); proofs past their retention are deleted and refused, the root stays", async () => {
    const player = players[1] as User;
    expect((await rest(t.db, "POST", "/api/admin/proof-of-liabilities", { user: player, body: {} })).status).toBe(403);
    const res = await rest(t.db, "POST", "/api/admin/proof-of-liabilities", { user: admin, body: {} });
    expect(res.status).toBe(200);
    expect(res.body.snapshot).toMatchObject({ trigger: "admin", leafCount: players.length + 2 });
    const audit = await t.db.auditLog.findFirstOrThrow({
      where: { action: "liabilities.snapshot", targetId: res.body.snapshot.id },
    });
    expect(audit.actorId).toBe(admin.id);

    await t.db.liabilitySnapshot.update({
      where: { id: res.body.snapshot.id },
      data: { proofsUntil: new Date(Date.now() - 1000) },
    });
    expect(await pruneExpiredProofs(t.db)).toBeGreaterThan(0);
    const gone = await rest(t.db, "GET", `/api/user/liabilities-proof?snapshot=${res.body.snapshot.id}`, { user: player });
    expect(gone.status).toBe(409);
    expect((await published(res.body.snapshot.id)).rootHash).toBe(res.body.snapshot.rootHash);
  });

  it("under concurrent balance changes, the published total equals the ledger's sum at the snapshot's position", async () => {
    // Enough accounts that the snapshot takes a while, and writers that keep moving money meanwhile.
    const exec = (sql: string) => t.db.$executeRawUnsafe(sql);
    await insertPlayers(exec, "pol", 3000);
    await creditPlayers(exec, "pol", 5);
    let stop = false;
    let writes = 0;
    // Credits only (no balance can go short), each writer on its own accounts, bounded.
    const writer = async (n: number) => {
      for (let i = 0; !stop && i < 300; i++) {
        const userId = `pol_u_${String(1 + ((i * 3 + n) % 3000)).padStart(7, "0")}`;
        await t.db.$transaction((tx) =>
          applyBalanceChange(tx, { userId, amount: "1.001", kind: "adjustment", reference: `pol-${n}-${i}` }),
        );
        writes++;
      }
    };
    const writers = [writer(1), writer(2), writer(3)];
    let snap: { id: string };
    try {
      await new Promise((r) => setTimeout(r, 50));
      snap = await takeLiabilitySnapshot(t.db, { trigger: "schedule", chunkSize: 64 });
    } finally {
      stop = true;
      await Promise.all(writers);
    }
    const s = await t.db.liabilitySnapshot.findUniqueOrThrow({ where: { id: snap.id } });
    expect(writes).toBeGreaterThan(0);
    // The ledger's rows visible at the recorded position (PostgreSQL's own snapshot of that transaction).
    const [atPosition] = await t.db.$queryRaw<{ sum: string; rows: string }[]>`
      SELECT coalesce(sum("amount"), 0)::numeric(20,3)::text AS sum, count(*)::text AS rows FROM "LedgerEntry"
      WHERE pg_visible_in_snapshot("xmin"::text::xid8, ${s.ledgerPosition}::pg_snapshot)`;
    expect(s.totalCash.plus(s.totalCredit).toFixed(3)).toBe(atPosition?.sum);
    expect(s.ledgerRows.toString()).toBe(atPosition?.rows);
    // On PostgreSQL the writers ran during the snapshot, so the ledger has moved on since: the check
    // is not the current total (PGlite runs one transaction at a time, so there it may not have).
    if (dbKind() === "postgres") {
      const now = await t.db.ledgerEntry.aggregate({ _sum: { amount: true } });
      expect(now._sum.amount?.toFixed(3)).not.toBe(atPosition?.sum);
    }
  });
});
