import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { deliverPendingEmails, MAX_ATTEMPTS, retryDelayMs } from "../../src/server/mail/delivery";
import { mailWorkerTick } from "../../src/server/jobs/mail-delivery";
import { createSmtpTransport, type MailTransport } from "../../src/server/mail/transport";
import { drawContest } from "../../src/server/services/draws";
import { approvePayment, rejectPayment, createWithdrawal, rejectWithdrawal } from "../../src/server/services/money";
import { claimPrize } from "../../src/server/services/prizes";
import { checkout, purchaseInTx } from "../../src/server/services/checkout";
import { escapeHtml, purchaseReceipt, slot, ticketRange } from "../../src/server/mail/templates";
import { receiptPlaceholder } from "../../src/server/mail/outbox";
import { listOutbox } from "../../src/server/services/admin";
import { selfExclude, setLimits } from "../../src/server/services/safer-play";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { callerFor, createContest, createUser, rest } from "../helpers/fixtures";
import { startSmtpServer, type TestSmtp } from "../helpers/smtp";

const FROM = "Prize Contests <mail@prize.test>";

describe(`email outbox and delivery (${dbKind()})`, () => {
  let t: TestDb;
  let smtp: TestSmtp;
  let transport: MailTransport;
  beforeAll(async () => {
    t = await createTestDb();
    smtp = await startSmtpServer();
    transport = createSmtpTransport(smtp.url, FROM);
  });
  afterAll(async () => {
    transport.close?.();
    await smtp.close();
    await t.close();
  });
  beforeEach(async () => {
    smtp.failWith = null;
    smtp.received.length = 0;
    // Each test delivers only its own mail.
    await t.db.emailOutbox.updateMany({ where: { status: "pending" }, data: { status: "failed" } });
  });

  it("a purchase writes a receipt in its transaction; delivery sends it by SMTP with the ticket numbers and seed hash", async () => {
    const user = await createUser(t.db, { balance: "20", firstName: "Ada" });
    const contest = await createContest(t.db, { title: "Porsche 911 GT3", ticketPrice: "1.79" });
    await checkout(t.db, (await createUser(t.db, { balance: "10" })).id, [{ contestId: contest.id, quantity: 2 }]);
    await checkout(t.db, user.id, [{ contestId: contest.id, quantity: 3 }]);

    const rows = await t.db.emailOutbox.findMany({ where: { userId: user.id } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ to: user.email, kind: "purchase_receipt", status: "pending", attempts: 0 });

    const report = await deliverPendingEmails(t.db, transport);
    expect(report).toEqual({ sent: 2, retried: 0, failed: 0 });
    const mine = smtp.received.find((m) => m.to.includes(user.email));
    expect(mine).toBeDefined();
    expect(mine?.to).toEqual([user.email]);
    expect(mine?.from).toBe("mail@prize.test");
    expect(mine?.subject).toBe("Your tickets for Porsche 911 GT3: #3–#5");
    expect(mine?.body).toContain("Hi Ada,");
    expect(mine?.body).toContain("Ticket numbers: #3–#5");
    expect(mine?.body).toContain("Amount: $5.37");
    expect(mine?.body).toContain(contest.drawSeedHash);
    expect(mine?.raw).toMatch(/content-type: text\/html/i); // both parts
    expect(mine?.raw).toMatch(/content-type: text\/plain/i);
    const sent = await t.db.emailOutbox.findUniqueOrThrow({ where: { id: rows[0]?.id } });
    expect(sent.status).toBe("sent");
    expect(sent.sentAt).not.toBeNull();
    // A second pass sends nothing again.
    expect(await deliverPendingEmails(t.db, transport)).toEqual({ sent: 0, retried: 0, failed: 0 });
  });

  it("the receipt is queued before the tickets are taken; every line's numbers are read from its entry, listed and sent", async () => {
    const user = await createUser(t.db, { balance: "50", firstName: "Bea" });
    const watch = await createContest(t.db, { title: "Gold Watch", ticketPrice: "2" });
    const bike = await createContest(t.db, { title: "Superbike", ticketPrice: "1.50" });
    await checkout(t.db, (await createUser(t.db, { balance: "10" })).id, [{ contestId: bike.id, quantity: 4 }]);
    const result = await checkout(t.db, user.id, [
      { contestId: watch.id, quantity: 1 },
      { contestId: bike.id, quantity: 3 },
    ]);

    const lines = [watch, bike]
      .map((c) => {
        const e = result.entries.find((x) => x.contestId === c.id);
        if (!e) throw new Error("missing line");
        return {
          contestId: c.id,
          contestTitle: c.title,
          ticketCount: e.ticketCount,
          tickets: ticketRange(e.firstTicket, e.lastTicket),
          totalAmount: e.totalAmount,
          drawSeedHash: c.drawSeedHash,
          receipts: [slot(receiptPlaceholder(e.entryId))],
        };
      })
      .sort((a, b) => (a.contestId < b.contestId ? -1 : 1)); // lines in the checkout's (contest id) order
    // Each line's signed receipt is filled when the message is read, like its numbers.
    const fillReceipts = (value: string, encode: (v: string) => string) =>
      result.entries.reduce((v, e) => v.replace(receiptPlaceholder(e.entryId), encode(JSON.stringify(e.receipt))), value);
    const composed = purchaseReceipt("Bea", lines, result.totalAmount, result.balance);
    const expected = { ...composed, text: fillReceipts(composed.text, (v) => v), html: fillReceipts(composed.html, escapeHtml) };

    // Stored with a placeholder per line (the numbers did not exist yet), read complete.
    const stored = await t.db.emailOutbox.findFirstOrThrow({ where: { userId: user.id, kind: "purchase_receipt" } });
    expect(stored.text).toContain("{{tickets:");
    const listed = (await listOutbox(t.db, { search: user.email }))[0];
    expect({ subject: listed?.subject, text: listed?.text, html: listed?.html }).toEqual(expected);
    expect(listed?.text).toContain("Ticket number: #1");
    expect(listed?.text).toContain("Ticket numbers: #5–#7");

    await deliverPendingEmails(t.db, transport);
    const sent = smtp.received.find((m) => m.to.includes(user.email));
    expect(sent?.subject).toBe(expected.subject);
    expect(sent?.body).toContain("Ticket numbers: #5–#7");
    expect(sent?.raw).not.toContain("{{tickets:");
  });

  it("a purchase that rolls back writes no email, even after its receipt was written", async () => {
    const user = await createUser(t.db, { balance: "10" });
    const contest = await createContest(t.db, { ticketPrice: "5" });
    await expect(
      t.db.$transaction(async (tx) => {
        await purchaseInTx(tx, user.id, [{ contestId: contest.id, quantity: 1 }]);
        expect(await tx.emailOutbox.count({ where: { userId: user.id } })).toBe(1); // written in the transaction
        throw new Error("later step failed");
      }),
    ).rejects.toThrow("later step failed");
    expect(await t.db.emailOutbox.count({ where: { userId: user.id } })).toBe(0);
    expect(await t.db.ticketEntry.count({ where: { userId: user.id } })).toBe(0);
    await expect(checkout(t.db, user.id, [{ contestId: contest.id, quantity: 3 }])).rejects.toThrow(/balance/i);
    expect(await t.db.emailOutbox.count({ where: { userId: user.id } })).toBe(0);
    expect(await deliverPendingEmails(t.db, transport)).toEqual({ sent: 0, retried: 0, failed: 0 });
  });

  it("a failing SMTP server leaves the purchase committed and the email retried with back-off", async () => {
    const user = await createUser(t.db, { balance: "10" });
    const contest = await createContest(t.db, { ticketPrice: "2" });
    smtp.failWith = { code: 451, message: "Try again later" };
    const res = await checkout(t.db, user.id, [{ contestId: contest.id, quantity: 2 }]);
    expect(res.entries[0]?.firstTicket).toBe(1);

    const t0 = new Date();
    expect(await deliverPendingEmails(t.db, transport, t0)).toEqual({ sent: 0, retried: 1, failed: 0 });
    // The purchase stands.
    expect(await t.db.ticketEntry.count({ where: { userId: user.id } })).toBe(1);
    const row = await t.db.emailOutbox.findFirstOrThrow({ where: { userId: user.id } });
    expect(row).toMatchObject({ status: "pending", attempts: 1 });
    expect(row.lastError).toMatch(/451|Try again later/);
    expect(row.nextAttemptAt.getTime()).toBe(t0.getTime() + retryDelayMs(1));
    expect(smtp.received).toHaveLength(0);

    // Not due yet: nothing is tried.
    expect(await deliverPendingEmails(t.db, transport, new Date(t0.getTime() + 1000))).toEqual({
      sent: 0,
      retried: 0,
      failed: 0,
    });
    // The server recovers; the retry after the back-off delivers it.
    smtp.failWith = null;
    const later = new Date(t0.getTime() + retryDelayMs(1) + 1);
    expect(await deliverPendingEmails(t.db, transport, later)).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(smtp.received[0]?.to).toEqual([user.email]);
    expect(smtp.received[0]?.body).toContain("Ticket numbers: #1–#2");
    expect((await t.db.emailOutbox.findUniqueOrThrow({ where: { id: row.id } })).status).toBe("sent");
  });

  it("back-off doubles per attempt and gives up after MAX_ATTEMPTS", async () => {
    expect([1, 2, 3].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000]);
    expect(retryDelayMs(20)).toBe(3_600_000);
    const user = await createUser(t.db, { balance: "10" });
    await checkout(t.db, user.id, [{ contestId: (await createContest(t.db)).id, quantity: 1 }]);
    smtp.failWith = { code: 550, message: "Mailbox unavailable" };
    let now = Date.now();
    for (let i = 1; i <= MAX_ATTEMPTS; i++) {
      const r = await deliverPendingEmails(t.db, transport, new Date(now));
      expect(r).toEqual(i < MAX_ATTEMPTS ? { sent: 0, retried: 1, failed: 0 } : { sent: 0, retried: 0, failed: 1 });
      now += retryDelayMs(i) + 1;
    }
    const row = await t.db.emailOutbox.findFirstOrThrow({ where: { userId: user.id } });
    expect(row).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS });
  });

  it("a worker's claim keeps a second worker off the same rows", async () => {
    const user = await createUser(t.db, { balance: "10" });
    await checkout(t.db, user.id, [{ contestId: (await createContest(t.db)).id, quantity: 1 }]);
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => {
      release = r;
    });
    const slow: MailTransport = {
      from: FROM,
      send: async (m) => {
        await gate;
        await transport.send(m);
      },
    };
    const first = deliverPendingEmails(t.db, slow);
    await new Promise((r) => setTimeout(r, 200));
    expect(await deliverPendingEmails(t.db, transport)).toEqual({ sent: 0, retried: 0, failed: 0 });
    release();
    expect(await first).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(smtp.received).toHaveLength(1);
  });

  it("a draw mails every entrant: the winner 'You won', the others 'Not this time', with the draw record link", async () => {
    const [a, b] = [await createUser(t.db, { balance: "10" }), await createUser(t.db, { balance: "10" })];
    const contest = await createContest(t.db, { title: "Rolex Submariner", ticketPrice: "1" });
    await checkout(t.db, a.id, [{ contestId: contest.id, quantity: 2 }]);
    await checkout(t.db, b.id, [{ contestId: contest.id, quantity: 1 }]);
    const outcome = await drawContest(t.db, contest.id);
    const winner = outcome?.winnerId === a.id ? a : b;
    const loser = winner === a ? b : a;
    await deliverPendingEmails(t.db, transport);
    const results = smtp.received.filter((m) => /^(You won|Draw result)/.test(m.subject));
    expect(results.map((m) => m.to[0]).sort()).toEqual([a.email, b.email].sort());
    const won = results.find((m) => m.to[0] === winner.email);
    const lost = results.find((m) => m.to[0] === loser.email);
    expect(won?.subject).toBe("You won Rolex Submariner!");
    expect(lost?.subject).toBe("Draw result: Rolex Submariner");
    expect(lost?.body).toContain(`Not this time: ticket #${outcome?.winningTicket} won.`);
    expect(won?.body).toContain(`Winning ticket: #${outcome?.winningTicket} of 3`);
    expect(won?.body).toContain(`/contest/${contest.id}`);
    expect(results.find((m) => m.to[0] === a.email)?.body).toContain("Your tickets: #1–#2");
  });

  it("top-up approved and rejected are mailed with the amount", async () => {
    const admin = await createUser(t.db, { role: "owner" });
    const user = await createUser(t.db);
    const mk = (trackId: string) =>
      t.db.payment.create({
        data: {
          userId: user.id,
          amount: "25",
          cryptoCurrency: "BTC",
          provider: "sandbox",
          trackId,
          payLink: "/pay/x",
          gatewayStatus: "paid",
        },
      });
    await approvePayment(t.db, admin.id, (await mk(`tr-${user.id}-1`)).id);
    await rejectPayment(t.db, admin.id, (await mk(`tr-${user.id}-2`)).id, "Amount never arrived");
    await deliverPendingEmails(t.db, transport);
    const subjects = smtp.received.filter((m) => m.to[0] === user.email).map((m) => m.subject);
    expect(subjects.sort()).toEqual(["Top-up approved: $25.00 added", "Top-up rejected: $25.00"]);
    expect(smtp.received.find((m) => m.subject.startsWith("Top-up rejected"))?.body).toContain("Reason: Amount never arrived");
  });

  it("with no SMTP_URL nothing is sent and admins read the rendered mail in the Outbox", async () => {
    const before = process.env.SMTP_URL;
    delete process.env.SMTP_URL;
    try {
      const user = await createUser(t.db, { balance: "10" });
      const contest = await createContest(t.db, { title: "Kawasaki Ninja", ticketPrice: "1" });
      await checkout(t.db, user.id, [{ contestId: contest.id, quantity: 1 }]);
      expect(await mailWorkerTick()).toBe(0);
      const admin = await createUser(t.db, { role: "owner" });
      const list = await (await callerFor(t.db, admin)).admin.outbox({ search: user.email });
      expect(list).toHaveLength(1);
      expect(list[0]).toMatchObject({ to: user.email, status: "pending", subject: "Your tickets for Kawasaki Ninja: #1" });
      expect(list[0]?.html).toContain("Kawasaki Ninja");
      expect(list[0]?.text).toContain("Ticket number: #1");
      await expect((await callerFor(t.db, user)).admin.outbox()).rejects.toMatchObject({ code: "FORBIDDEN" });
    } finally {
      if (before !== undefined) process.env.SMTP_URL = before;
    }
  });

  it("preferences: receipts and results on by default; turned off they are not written, security and payment mail still is", async () => {
    const user = await createUser(t.db, { balance: "10" });
    const other = await createUser(t.db, { balance: "10" });
    const caller = await callerFor(t.db, user);
    expect(await caller.email.preferences()).toEqual({ receipts: true, results: true });
    const put = await rest(t.db, "PUT", "/api/user/email-preferences", { user, body: { receipts: false, results: true } });
    expect(put.status).toBe(200);
    expect((await rest(t.db, "GET", "/api/user/email-preferences", { user })).body).toEqual({ receipts: false, results: true });
    expect((await rest(t.db, "PUT", "/api/user/email-preferences", { user, body: { receipts: "no" } })).status).toBe(400);
    expect((await rest(t.db, "GET", "/api/user/email-preferences")).status).toBe(401);

    const contest = await createContest(t.db, { ticketPrice: "1" });
    await checkout(t.db, user.id, [{ contestId: contest.id, quantity: 1 }]);
    await checkout(t.db, other.id, [{ contestId: contest.id, quantity: 1 }]);
    expect(await t.db.emailOutbox.count({ where: { userId: user.id, kind: "purchase_receipt" } })).toBe(0);
    expect(await t.db.emailOutbox.count({ where: { userId: other.id, kind: "purchase_receipt" } })).toBe(1);

    await caller.email.setPreferences({ receipts: false, results: false });
    await drawContest(t.db, contest.id);
    expect(await t.db.emailOutbox.count({ where: { userId: user.id, kind: "draw_result" } })).toBe(0);
    expect(await t.db.emailOutbox.count({ where: { userId: other.id, kind: "draw_result" } })).toBe(1);

    const admin = await createUser(t.db, { role: "owner" });
    const payment = await t.db.payment.create({
      data: {
        userId: user.id,
        amount: "5",
        cryptoCurrency: "ETH",
        provider: "sandbox",
        trackId: `tr-${user.id}`,
        payLink: "/pay/x",
        gatewayStatus: "paid",
      },
    });
    await approvePayment(t.db, admin.id, payment.id);
    expect(await t.db.emailOutbox.count({ where: { userId: user.id, kind: "topup_approved" } })).toBe(1);
  });

  it("withdrawals (requested, rejected) and prize claim steps (won, cash credited) are mailed", async () => {
    const admin = await createUser(t.db, { role: "owner" });
    const user = await createUser(t.db, { balance: "50" });
    const w = await createWithdrawal(t.db, user.id, {
      amount: "20",
      cryptoCurrency: "USDT",
      network: "TRC20",
      address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t",
    } as never);
    await rejectWithdrawal(t.db, admin.id, w.id, "Address not verified");

    const contest = await createContest(t.db, { title: "Golden Watch", ticketPrice: "1", cashAlternative: "750" });
    await checkout(t.db, user.id, [{ contestId: contest.id, quantity: 1 }]);
    await drawContest(t.db, contest.id);
    const prize = await t.db.prize.findFirstOrThrow({ where: { contestId: contest.id } });
    await claimPrize(t.db, user.id, { id: prize.id, choice: "cash" } as never);

    await deliverPendingEmails(t.db, transport);
    const mine = smtp.received.filter((m) => m.to[0] === user.email);
    const subjects = mine.map((m) => m.subject);
    expect(subjects).toEqual(
      expect.arrayContaining([
        "Withdrawal requested: $20.00",
        "Withdrawal rejected: $20.00",
        "Claim your prize: Golden Watch",
        "Cash alternative credited: $750.00",
        "You won Golden Watch!",
      ]),
    );
    const steps = mine.find((m) => m.subject.startsWith("Claim your prize"))?.body ?? "";
    expect(steps).toContain("cash alternative of $750.00");
    expect(steps).toMatch(/\/prizes/);
    expect(mine.find((m) => m.subject.startsWith("Withdrawal rejected"))?.body).toContain("rejected: Address not verified.");
  });

  it("responsible play: a limit change and a self-exclusion are confirmed by email", async () => {
    const user = await createUser(t.db);
    await setLimits(t.db, user.id, { daily: "20" } as never);
    await selfExclude(t.db, user.id, "6m" as never);
    const rows = await t.db.emailOutbox.findMany({ where: { userId: user.id }, orderBy: { createdAt: "asc" } });
    expect(rows.map((r) => [r.kind, r.subject])).toEqual([
      ["limits_changed", "Your spend limits were changed"],
      ["self_exclusion_started", "Your self-exclusion has started"],
    ]);
    expect(rows[0]?.text).toContain("Daily: $20.00");
    expect(rows[1]?.text).toContain("It cannot be shortened.");
  });

  it("smtps:// with credentials: TLS and AUTH against the test server", async () => {
    const secure = await startSmtpServer({
      secure: true,
      authOptional: false,
      onAuth(auth, _session, cb) {
        if (auth.username === "mailer" && auth.password === "s3cret") cb(null, { user: "mailer" });
        else cb(new Error("Invalid username or password"));
      },
    });
    // The test server's certificate is self-signed: nodemailer reads tls options from the URL's query.
    const tls = createSmtpTransport(`smtps://mailer:s3cret@127.0.0.1:${secure.port}/?tls.rejectUnauthorized=false`, FROM);
    try {
      await tls.send({ to: "someone@example.com", subject: "Over TLS", text: "hello", html: "<p>hello</p>" });
      expect(secure.received.map((m) => [m.to[0], m.subject])).toEqual([["someone@example.com", "Over TLS"]]);
      const wrong = createSmtpTransport(`smtps://mailer:nope@127.0.0.1:${secure.port}/?tls.rejectUnauthorized=false`, FROM);
      await expect(wrong.send({ to: "x@example.com", subject: "x", text: "x", html: "x" })).rejects.toThrow();
      wrong.close?.();
    } finally {
      tls.close?.();
      await secure.close();
    }
  });

  it("refuses an SMTP_URL that is not smtp:// or smtps://", () => {
    expect(() => createSmtpTransport("http://example.com", FROM)).toThrow(/smtp:\/\/ or smtps:\/\//);
  });
});
