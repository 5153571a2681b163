/**
 * Complaints with a reference (docs/fair-play.md "Complaints") through REST and tRPC, with the
 * e-mails delivered to a real SMTP server started here: filing answers a C-year-number reference
 * and an immediate acknowledgement with the due date in working days; each note, reply and the final
 * answer (which names the ADR body) is e-mailed and audited; nothing more after the final answer;
 * the linked item must be the player's; filing is rate limited; the admin queue shows due dates.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { User } from "../../src/generated/prisma/client";
import { deliverPendingEmails } from "../../src/server/mail/delivery";
import { createSmtpTransport, type MailTransport } from "../../src/server/mail/transport";
import { checkout } from "../../src/server/services/checkout";
import { addWorkingDays } from "../../src/shared/complaints";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { callerFor, createContest, createUser, rest } from "../helpers/fixtures";
import { startSmtpServer, type TestSmtp } from "../helpers/smtp";

const FROM = "Prize Contests <mail@prize.test>";

describe(`complaints with a reference (${dbKind()})`, () => {
  let t: TestDb;
  let smtp: TestSmtp;
  let transport: MailTransport;
  let admin: User;
  beforeAll(async () => {
    t = await createTestDb();
    smtp = await startSmtpServer();
    transport = createSmtpTransport(smtp.url, FROM);
    admin = await createUser(t.db, { role: "owner" });
  });
  afterAll(async () => {
    transport.close?.();
    await smtp.close();
    await t.close();
  });
  beforeEach(async () => {
    smtp.received.length = 0;
    await t.db.emailOutbox.updateMany({ where: { status: "pending" }, data: { status: "failed" } });
    delete process.env.COMPLAINTS_ADR_NAME;
    delete process.env.COMPLAINTS_ADR_URL;
    delete process.env.COMPLAINT_DUE_WORKING_DAYS;
  });

  const mailTo = async (user: User) => {
    await deliverPendingEmails(t.db, transport);
    return smtp.received.filter((m) => m.to[0] === user.email);
  };
  const file = (user: User, body: Record<string, unknown>) => rest(t.db, "POST", "/api/complaints", { user, body });

  it("filing answers a reference and acknowledges at once: on screen, by e-mail over SMTP, audited, due in 10 working days", async () => {
    const player = await createUser(t.db, { firstName: "Ada" });
    const res = await file(player, { category: "draw", subject: "Draw result", body: "My ticket should have won." });
    expect(res.status).toBe(201);
    expect(res.body.reference).toMatch(/^C-\d{4}-\d{6}$/);
    expect(res.body).toMatchObject({
      category: "draw",
      itemId: null,
      status: "acknowledged",
      overdue: false,
      messages: [],
      escalation: null,
    });
    const created = new Date(res.body.createdAt);
    expect(res.body.reference.slice(2, 6)).toBe(String(created.getUTCFullYear()));
    expect(new Date(res.body.dueAt).toISOString()).toBe(addWorkingDays(created, 10).toISOString());

    const mails = await mailTo(player);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe(`Complaint ${res.body.reference} received`);
    expect(mails[0]?.body).toContain("Hi Ada,");
    expect(mails[0]?.body).toContain("acknowledge");
    expect(mails[0]?.body).toContain(`Answer due by: ${new Date(res.body.dueAt).toUTCString()}`);
    const audit = await t.db.auditLog.findMany({ where: { targetType: "complaint", targetId: res.body.reference } });
    expect(audit.map((a) => [a.action, a.actorId])).toEqual([["complaint.file", player.id]]);

    // The reference finds it again (tRPC and REST); nobody else's reference does.
    const caller = await callerFor(t.db, player);
    expect((await caller.complaints.get({ reference: res.body.reference.toLowerCase() })).subject).toBe("Draw result");
    const other = await createUser(t.db);
    expect((await rest(t.db, "GET", `/api/complaints/${res.body.reference}`, { user: other })).status).toBe(404);
    expect((await rest(t.db, "GET", "/api/complaints/C-12", { user: player })).status).toBe(400);
    expect(
      (await rest(t.db, "GET", "/api/complaints", { user: player })).body.map((c: { reference: string }) => c.reference),
    ).toEqual([res.body.reference]);
  });

  it("note, reply and final answer: each e-mailed and audited; the final answer names the ADR body; then nothing more", async () => {
    process.env.COMPLAINTS_ADR_NAME = "Fair Play Ombudsman";
    process.env.COMPLAINTS_ADR_URL = "https://adr.example.org/complaints";
    const player = await createUser(t.db);
    const { reference } = (await file(player, { category: "payment", subject: "Top-up", body: "Not credited." })).body;
    const note = await rest(t.db, "POST", `/api/complaints/${reference}/notes`, {
      user: player,
      body: { body: "I paid at 10:15." },
    });
    expect(note.status).toBe(200);
    expect(
      (await rest(t.db, "POST", `/api/admin/complaints/${reference}/reply`, { user: player, body: { body: "x" } })).status,
    ).toBe(403);
    const reply = await rest(t.db, "POST", `/api/admin/complaints/${reference}/reply`, {
      user: admin,
      body: { body: "We are checking with the gateway." },
    });
    expect(reply.status).toBe(200);
    const final = await rest(t.db, "POST", `/api/admin/complaints/${reference}/answer`, {
      user: admin,
      body: { body: "The payment was credited on the 3rd." },
    });
    expect(final.status).toBe(200);
    expect(final.body.status).toBe("answered");
    expect(final.body.messages.map((m: { kind: string; fromStaff: boolean }) => [m.kind, m.fromStaff])).toEqual([
      ["note", false],
      ["reply", true],
      ["final", true],
    ]);
    // The answer on screen names where to go next, as the e-mail does.
    expect(final.body.escalation).toEqual({ name: "Fair Play Ombudsman", url: "https://adr.example.org/complaints" });

    // Delivery may send them in any order (docs/email.md); each step has its own message.
    const subjects = (await mailTo(player)).map((m) => m.subject).sort();
    expect(subjects).toEqual(
      [
        `Complaint ${reference} received`,
        `Complaint ${reference}: your note was added`,
        `Complaint ${reference}: a reply from us`,
        `Complaint ${reference}: our final answer`,
      ].sort(),
    );
    const finalMail = smtp.received.find((m) => m.subject.endsWith("our final answer"));
    expect(finalMail?.body).toContain("The payment was credited on the 3rd.");
    expect(finalMail?.body).toContain("Fair Play Ombudsman: https://adr.example.org/complaints");
    const audit = await t.db.auditLog.findMany({ where: { targetId: reference }, orderBy: { createdAt: "asc" } });
    expect(audit.map((a) => [a.action, a.actorId])).toEqual([
      ["complaint.file", player.id],
      ["complaint.note", player.id],
      ["complaint.reply", admin.id],
      ["complaint.answer", admin.id],
    ]);

    for (const [path, user] of [
      [`/api/complaints/${reference}/notes`, player],
      [`/api/admin/complaints/${reference}/reply`, admin],
      [`/api/admin/complaints/${reference}/answer`, admin],
    ] as const) {
      const late = await rest(t.db, "POST", path, { user, body: { body: "One more thing" } });
      expect(late.status, path).toBe(409);
      expect(late.body.message).toBe(`Complaint ${reference} already has a final answer`);
    }
    expect(await t.db.complaintMessage.count({ where: { complaint: { userId: player.id } } })).toBe(3);
    expect(await mailTo(player)).toHaveLength(4);
  });

  it("placeholders in what a player writes stay text: a note or name holding another account's reset token or tickets renders neither", async () => {
    const victim = await createUser(t.db, { balance: "5" });
    const contest = await createContest(t.db, { ticketPrice: "1.00" });
    await checkout(t.db, victim.id, [{ contestId: contest.id, quantity: 3 }]);
    const entry = await t.db.ticketEntry.findFirstOrThrow({ where: { userId: victim.id } });
    // The victim's live reset link (its id is all the attacker needs to name it).
    const link = await t.db.passwordResetToken.create({
      data: { userId: victim.id, tokenHash: "victim-hash", expiresAt: new Date(Date.now() + 30 * 60_000) },
    });
    const bait = `{{reset-token:${link.id}}} {{tickets:${entry.id}}}`;
    const attacker = await createUser(t.db);
    // A display name is player text that every mail greets with.
    await (await callerFor(t.db, attacker)).auth.updateProfile({ displayName: `{{reset-token:${link.id}}}` });
    const { reference } = (await file(attacker, { category: "draw", subject: `{{tickets:${entry.id}}}`, body: bait })).body;
    expect(
      (await rest(t.db, "POST", `/api/complaints/${reference}/notes`, { user: attacker, body: { body: bait } })).status,
    ).toBe(200);
    // A row written before templates made values inert (or by any path around them) is not filled either.
    await t.db.emailOutbox.create({
      data: {
        userId: attacker.id,
        to: attacker.email,
        kind: "complaint_update",
        subject: "old",
        text: bait,
        html: `<p>${bait}</p>`,
      },
    });

    const mails = await mailTo(attacker);
    expect(mails).toHaveLength(3);
    const all = mails.map((m) => `${m.subject}\n${m.body}`).join("\n");
    // The note reached the player as they wrote it (readable), but nothing was filled in.
    expect(all).toContain(`reset-token:${link.id}`);
    expect(all).not.toContain("#1–#3");
    const note = mails.find((m) => m.subject.endsWith("your note was added"));
    expect(note?.body.replace(/\u200B/g, "")).toContain(bait);
    // The victim's link was never re-keyed: no token of it exists anywhere.
    expect((await t.db.passwordResetToken.findUniqueOrThrow({ where: { id: link.id } })).tokenHash).toBe("victim-hash");
  });

  it("two final answers racing: exactly one lands", async () => {
    const player = await createUser(t.db);
    const { reference } = (await file(player, { category: "withdrawal", subject: "Payout", body: "Still waiting." })).body;
    const results = await Promise.all([
      rest(t.db, "POST", `/api/admin/complaints/${reference}/answer`, { user: admin, body: { body: "Final." } }),
      rest(t.db, "POST", `/api/admin/complaints/${reference}/answer`, { user: admin, body: { body: "Final too." } }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await t.db.complaintMessage.count({ where: { complaint: { userId: player.id }, kind: "final" } })).toBe(1);
  });

  it("a linked item must be the player's; otherwise 404 and nothing is written", async () => {
    const player = await createUser(t.db, { balance: "10" });
    const stranger = await createUser(t.db, { balance: "10" });
    const contest = await createContest(t.db, { ticketPrice: "1.00" });
    await checkout(t.db, player.id, [{ contestId: contest.id, quantity: 1 }]);
    await checkout(t.db, stranger.id, [{ contestId: contest.id, quantity: 1 }]);
    const theirs = await t.db.ticketEntry.findFirstOrThrow({ where: { userId: stranger.id } });
    const mine = await t.db.ticketEntry.findFirstOrThrow({ where: { userId: player.id } });

    const refused = await file(player, { category: "purchase", itemId: theirs.id, subject: "Tickets", body: "Wrong numbers." });
    expect(refused.status).toBe(404);
    expect(refused.body.message).toBe(`No purchase of yours has the id ${theirs.id}`);
    const otherContest = await createContest(t.db);
    expect((await file(player, { category: "draw", itemId: otherContest.id, subject: "Draw", body: "?" })).status).toBe(404);
    expect(await t.db.complaint.count({ where: { userId: player.id } })).toBe(0);
    expect(await t.db.emailOutbox.count({ where: { userId: player.id, kind: "complaint_update" } })).toBe(0);

    const ok = await file(player, { category: "purchase", itemId: mine.id, subject: "Tickets", body: "Wrong numbers." });
    expect(ok.status).toBe(201);
    expect(ok.body.itemId).toBe(mine.id);
    expect((await file(player, { category: "draw", itemId: contest.id, subject: "Draw", body: "Was it fair?" })).status).toBe(
      201,
    );
  });

  it("a payment is found by the Track ID the player sees, as well as by its id; someone else's is still refused", async () => {
    const player = await createUser(t.db);
    const stranger = await createUser(t.db);
    const pay = (userId: string, trackId: string) =>
      t.db.payment.create({
        data: { userId, amount: "10", cryptoCurrency: "USDT", provider: "sandbox", trackId, payLink: "/pay/x" },
      });
    const mine = await pay(player.id, `trk-${player.id}`);
    const theirs = await pay(stranger.id, `trk-${stranger.id}`);
    const byTrack = await file(player, { category: "payment", itemId: mine.trackId, subject: "Top-up", body: "Not credited." });
    expect(byTrack.status).toBe(201);
    expect(byTrack.body.itemId).toBe(mine.trackId);
    expect((await file(player, { category: "payment", itemId: mine.id, subject: "Top-up", body: "Again." })).status).toBe(201);
    const refused = await file(player, { category: "payment", itemId: theirs.trackId, subject: "Top-up", body: "Not mine." });
    expect(refused.status).toBe(404);
  });

  it("bad input is 400 with the field and the rule; filing more than 5 a day is 429", async () => {
    const player = await createUser(t.db);
    const bad = await file(player, { category: "wheel", subject: "x", body: "y" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/Category must be one of purchase, draw, prize, payment, withdrawal/);
    const long = await file(player, { category: "draw", subject: "x", body: "y".repeat(4001) });
    expect(long.status).toBe(400);
    expect(long.body.message).toMatch(/Description must be at most 4000 characters/);
    expect((await file(null as unknown as User, { category: "draw", subject: "x", body: "y" })).status).toBe(401);

    for (let i = 0; i < 5; i++) expect((await file(player, { category: "draw", subject: `n${i}`, body: "b" })).status).toBe(201);
    const limited = await file(player, { category: "draw", subject: "sixth", body: "b" });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/You have filed 5 complaints today/);
    expect(await t.db.complaint.count({ where: { userId: player.id } })).toBe(5);
  });

  it("the admin queue: open complaints by due date with overdue marked, then answered ones; the due date follows the setting", async () => {
    process.env.COMPLAINT_DUE_WORKING_DAYS = "3";
    const player = await createUser(t.db);
    const a = (await file(player, { category: "prize", subject: "A", body: "a" })).body;
    const b = (await file(player, { category: "prize", subject: "B", body: "b" })).body;
    expect(new Date(a.dueAt).toISOString()).toBe(addWorkingDays(new Date(a.createdAt), 3).toISOString());
    const overdueNumber = Number(b.reference.slice(7));
    await t.db.complaint.update({ where: { number: overdueNumber }, data: { dueAt: new Date(Date.now() - 86_400_000) } });
    const queue = await rest(t.db, "GET", "/api/admin/complaints", { user: admin });
    expect(queue.status).toBe(200);
    const refs = queue.body.map((c: { reference: string }) => c.reference);
    expect(refs.indexOf(b.reference)).toBeLessThan(refs.indexOf(a.reference));
    expect(queue.body.find((c: { reference: string }) => c.reference === b.reference)).toMatchObject({
      overdue: true,
      user: { email: player.email },
    });
    const firstAnswered = queue.body.findIndex((c: { status: string }) => c.status === "answered");
    if (firstAnswered >= 0) {
      expect(queue.body.slice(firstAnswered).every((c: { status: string }) => c.status === "answered")).toBe(true);
    }
    expect((await rest(t.db, "GET", "/api/admin/complaints", { user: player })).status).toBe(403);
    const policy = await rest(t.db, "GET", "/api/complaints/policy");
    expect(policy.body).toEqual({
      name: "Independent Betting Adjudication Service (IBAS)",
      url: "https://www.ibas-uk.com/",
      dueWorkingDays: 3,
    });
  });
});
