import { execFile } from "node:child_process";
import { sign } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { User } from "../../src/generated/prisma/client";
import { deliverPendingEmails } from "../../src/server/mail/delivery";
import { createSmtpTransport } from "../../src/server/mail/transport";
import { checkout } from "../../src/server/services/checkout";
import { privateKeyFromSeed } from "../../src/server/services/receipts";
import { type PublishedReceiptKey, receiptMessage, type SignedReceipt, verifyReceipt } from "../../src/shared/receipts";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { callerFor, createContest, createUser, rest } from "../helpers/fixtures";
import { startSmtpServer } from "../helpers/smtp";

const run = promisify(execFile);
const ENV_SEED = "4f".repeat(32);

describe(`signed receipts (${dbKind()})`, () => {
  let t: TestDb;
  let admin: User;
  beforeAll(async () => {
    t = await createTestDb();
    admin = await createUser(t.db, { role: "owner" });
  });
  afterAll(async () => {
    await t.close();
  });
  afterEach(() => {
    delete process.env.RECEIPT_SIGNING_KEY;
  });

  const keys = async (): Promise<{ current: string; keys: PublishedReceiptKey[] }> => {
    const res = await rest(t.db, "GET", "/api/receipts/keys");
    expect(res.status).toBe(200);
    return res.body;
  };

  it("each entry of a checkout (tRPC and REST) carries a receipt that verifies against the published key; tampering with any field fails", async () => {
    const ada = await createUser(t.db, { balance: "50" });
    const c = await createContest(t.db, { title: "Signed", ticketPrice: "1.25", maxTickets: 100 });
    const viaTrpc = await (await callerFor(t.db, ada)).cart.checkout({ items: [{ contestId: c.id, quantity: 3 }] });
    const viaRest = await rest(t.db, "POST", "/api/cart/add", { user: ada, body: { contestId: c.id, quantity: 2 } });
    expect(viaRest.status).toBe(200);
    // The documented fields are all still there, the receipt beside them.
    expect(viaRest.body.entries[0]).toMatchObject({
      entryId: expect.any(String),
      firstTicket: 4,
      lastTicket: 5,
      totalAmount: "2.50",
      ticketPrice: "1.25",
    });
    const published = await keys();
    expect(published.keys).toHaveLength(1);
    expect(published.keys[0]).toMatchObject({ id: published.current, retiredAt: null });
    expect(JSON.stringify(published)).not.toMatch(/private/i);

    const first = viaTrpc.entries[0]?.receipt as SignedReceipt;
    expect(first).toMatchObject({ version: 1, contestId: c.id, tickets: "1-3", amount: "3.750", keyId: published.current });
    expect((viaRest.body.entries[0].receipt as SignedReceipt).tickets).toBe("4-5");
    for (const r of [first, viaRest.body.entries[0].receipt as SignedReceipt])
      expect((await verifyReceipt(r, published.keys)).ok).toBe(true);

    const other = (h: string) => (h[0] === "0" ? "1" : "0") + h.slice(1);
    const tampered: [string, SignedReceipt][] = [
      ["tickets", { ...first, tickets: "1-4" }],
      ["amount", { ...first, amount: "0.750" }],
      ["entry", { ...first, entryId: viaRest.body.entries[0].entryId }],
      ["contest", { ...first, contestId: "another-contest" }],
      ["time", { ...first, issuedAt: "2020-01-01T00:00:00.000Z" }],
      ["signature", { ...first, signature: other(first.signature) }],
      ["unknown key", { ...first, keyId: "0000000000000000" }],
    ];
    for (const [what, r] of tampered) expect((await verifyReceipt(r, published.keys)).ok, what).toBe(false);
    // A key list whose entry does not hash to its id (a swapped public key) is refused too.
    const swapped = published.keys.map((k) => ({ ...k, publicKey: other(k.publicKey) }));
    expect(await verifyReceipt(first, swapped)).toMatchObject({ ok: false });

    // The purchases list carries the same receipts.
    const purchases = await rest(t.db, "GET", "/api/user/purchases", { user: ada });
    const listed = purchases.body.find((p: { entryId: string }) => p.entryId === first.entryId);
    expect(listed.receipt).toEqual(first);
  });

  it("an admin rotation keeps the old key published (old receipts verify), audits it, wipes the old private key; a receipt dated after it with the old key is refused", async () => {
    const bob = await createUser(t.db, { balance: "50" });
    const c = await createContest(t.db, { title: "Rotated", ticketPrice: "1", maxTickets: 100 });
    const before = (await checkout(t.db, bob.id, [{ contestId: c.id, quantity: 1 }])).entries[0]?.receipt as SignedReceipt;
    const oldRow = await t.db.receiptKey.findUniqueOrThrow({ where: { id: before.keyId } });
    expect(oldRow.privateKey).toMatch(/^[0-9a-f]{64}$/);

    expect((await rest(t.db, "POST", "/api/admin/receipts/rotate-key", { user: bob, body: {} })).status).toBe(403);
    const rotated = await rest(t.db, "POST", "/api/admin/receipts/rotate-key", {
      user: admin,
      body: { reason: "yearly rotation" },
    });
    expect(rotated.status).toBe(200);
    expect(rotated.body).toMatchObject({ previous: before.keyId, current: expect.not.stringMatching(before.keyId) });
    const audit = await t.db.auditLog.findFirstOrThrow({
      where: { action: "receipt_key.rotate" },
      orderBy: { createdAt: "desc" },
    });
    expect(audit).toMatchObject({ actorId: admin.id, targetId: rotated.body.current, reason: "yearly rotation" });
    expect((await t.db.receiptKey.findUniqueOrThrow({ where: { id: before.keyId } })).privateKey).toBeNull();

    const published = await keys();
    expect(published.current).toBe(rotated.body.current);
    expect(published.keys.map((k) => k.id)).toEqual([rotated.body.current, before.keyId]);
    expect((await verifyReceipt(before, published.keys)).ok).toBe(true);
    const after = (await checkout(t.db, bob.id, [{ contestId: c.id, quantity: 1 }])).entries[0]?.receipt as SignedReceipt;
    expect(after.keyId).toBe(rotated.body.current);
    expect((await verifyReceipt(after, published.keys)).ok).toBe(true);

    // Someone holding the old (retired) private key signs a receipt dated today: refused.
    const late = { ...before, tickets: "99-99", issuedAt: new Date(Date.now() + 3_600_000).toISOString() };
    const forgedSig = sign(null, Buffer.from(receiptMessage(late)), privateKeyFromSeed(oldRow.privateKey as string)).toString(
      "hex",
    );
    expect(await verifyReceipt({ ...late, signature: forgedSig }, published.keys)).toMatchObject({
      ok: false,
      reason: expect.stringContaining("retired"),
    });
  });

  it("RECEIPT_SIGNING_KEY signs when set (the generated key retires, admin rotation answers 409); unset again, a new generated key takes over", async () => {
    const cy = await createUser(t.db, { balance: "50" });
    const c = await createContest(t.db, { title: "Configured", ticketPrice: "1", maxTickets: 100 });
    process.env.RECEIPT_SIGNING_KEY = ENV_SEED;
    const withEnv = (await checkout(t.db, cy.id, [{ contestId: c.id, quantity: 1 }])).entries[0]?.receipt as SignedReceipt;
    const envRow = await t.db.receiptKey.findUniqueOrThrow({ where: { id: withEnv.keyId } });
    expect(envRow).toMatchObject({ source: "env", privateKey: null, retiredAt: null });
    expect((await rest(t.db, "POST", "/api/admin/receipts/rotate-key", { user: admin, body: {} })).status).toBe(409);
    expect((await verifyReceipt(withEnv, (await keys()).keys)).ok).toBe(true);

    delete process.env.RECEIPT_SIGNING_KEY;
    const generated = (await checkout(t.db, cy.id, [{ contestId: c.id, quantity: 1 }])).entries[0]?.receipt as SignedReceipt;
    expect(generated.keyId).not.toBe(withEnv.keyId);
    const all = (await keys()).keys;
    expect(all.find((k) => k.id === withEnv.keyId)?.retiredAt).not.toBeNull();
    for (const r of [withEnv, generated]) expect((await verifyReceipt(r, all)).ok).toBe(true);
  });

  it("the receipt e-mail carries each entry's signed receipt, which verifies as sent", async () => {
    const smtp = await startSmtpServer();
    const transport = createSmtpTransport(smtp.url, "Prize Contests <mail@prize.test>");
    try {
      await t.db.emailOutbox.updateMany({ where: { status: "pending" }, data: { status: "failed" } });
      const dee = await createUser(t.db, { balance: "50" });
      const c = await createContest(t.db, { title: "Mailed", ticketPrice: "2", maxTickets: 100 });
      const answer = await checkout(t.db, dee.id, [{ contestId: c.id, quantity: 2 }]);
      await deliverPendingEmails(t.db, transport);
      const mail = smtp.received.find((m) => m.to.includes(dee.email));
      const line = mail?.body.split(/\r?\n/).find((l) => l.startsWith('{"version":1'));
      expect(line).toBeDefined();
      const receipt = JSON.parse(line as string) as SignedReceipt;
      expect(receipt).toEqual(answer.entries[0]?.receipt);
      expect((await verifyReceipt(receipt, (await keys()).keys)).ok).toBe(true);
      expect(mail?.body).toContain("/proof-of-liabilities#receipts");
    } finally {
      transport.close?.();
      await smtp.close();
    }
  });

  it("npm run verify:receipt checks a saved checkout answer offline against a saved key list (exit 0) and refuses an edited one (exit 1)", async () => {
    const eve = await createUser(t.db, { balance: "50" });
    const c = await createContest(t.db, { title: "Offline", ticketPrice: "1", maxTickets: 100 });
    const answer = await checkout(t.db, eve.id, [{ contestId: c.id, quantity: 2 }]);
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "receipt-"));
    try {
      const keysFile = path.join(dir, "keys.json");
      await fs.writeFile(keysFile, JSON.stringify(await keys()));
      const good = path.join(dir, "answer.json");
      await fs.writeFile(good, JSON.stringify(answer));
      const script = ["node_modules/.bin/tsx", "scripts/tools/verify-receipt.ts"] as const;
      const ok = await run(script[0], [script[1], good, "--keys", keysFile]);
      expect(ok.stdout).toContain(`OK   entry ${answer.entries[0]?.entryId}: tickets 1-2 of contest ${c.id}, $2.000`);
      expect(ok.stdout).toMatch(/^VERIFIED$/m);
      const forged = path.join(dir, "forged.json");
      const edited = { ...answer, entries: answer.entries.map((e) => ({ ...e, receipt: { ...e.receipt, amount: "0.000" } })) };
      await fs.writeFile(forged, JSON.stringify(edited));
      const failed = await run(script[0], [script[1], forged, "--keys", keysFile]).then(
        () => null,
        (err: { code: number; stdout: string }) => err,
      );
      expect(failed?.code).toBe(1);
      expect(failed?.stdout).toContain("FAIL entry");
      expect(failed?.stdout).toMatch(/^NOT VERIFIED$/m);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
