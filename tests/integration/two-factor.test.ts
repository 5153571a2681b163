import { generateHOTP } from "@oslojs/otp";
import { decodeBase32 } from "@oslojs/encoding";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { User } from "../../src/generated/prisma/client";
import { createContextInner } from "../../src/server/api/context";
import { appRouter, createCaller } from "../../src/server/api/root";
import { PRIVILEGED_ADMIN_ACTIONS, PRIVILEGED_ADMIN_READS, SECOND_FACTOR_EXEMPT } from "../../src/server/api/privileged";
import { restRoutes } from "../../src/server/rest/table";
import * as twoFactor from "../../src/server/services/accounts";
import { AUDIT_ACTIONS, SESSION_COOKIE } from "../../src/shared/constants";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { createContest, createUser, FIXTURE_PASSWORD, rest, sessionTokenFor } from "../helpers/fixtures";

const step = (offset = 0) => Math.floor(Date.now() / 1000 / 30) + offset;
const codeFor = (secret: string, offset = 0) => generateHOTP(decodeBase32(secret), BigInt(step(offset)), 6);
const cookieOf = (headers: Headers) => /session=([a-z2-7]+)/.exec(headers.getSetCookie().join(";"))?.[1] ?? "";

describe(`admin TOTP two-factor (${dbKind()})`, () => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(() => t.close());
  afterEach(() => {
    delete process.env.ADMIN_2FA_REQUIRED;
  });

  /** An admin with two-factor on (enrolled over REST); returns the base32 secret. */
  async function enrolledAdmin(): Promise<{ admin: User; secret: string; backupCodes: string[] }> {
    const admin = await createUser(t.db, { role: "owner" });
    const login = await rest(t.db, "POST", "/api/auth/login", { body: { email: admin.email, password: FIXTURE_PASSWORD } });
    const token = cookieOf(login.headers);
    const setup = await rest(t.db, "POST", "/api/auth/2fa/setup", { token });
    expect(setup.status).toBe(200);
    const enable = await rest(t.db, "POST", "/api/auth/2fa/enable", { token, body: { code: codeFor(setup.body.secret) } });
    expect(enable.status).toBe(200);
    return { admin, secret: setup.body.secret, backupCodes: enable.body.backupCodes };
  }

  it("enrolment: a secret, an otpauth URI and a QR code; a wrong code does not turn it on", async () => {
    const admin = await createUser(t.db, { role: "owner", email: "totp-admin@example.com" });
    const setup = await rest(t.db, "POST", "/api/auth/2fa/setup", { user: admin });
    expect(setup.status).toBe(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.uri).toMatch(/^otpauth:\/\/totp\/Prize%20Contests:totp-admin%40example\.com\?/);
    expect(setup.body.uri).toContain(`secret=${setup.body.secret}`);
    expect(setup.body.qrCode).toMatch(/^data:image\/png;base64,/);
    const wrong = await rest(t.db, "POST", "/api/auth/2fa/enable", { user: admin, body: { code: "000000" } });
    expect(wrong.status).toBe(401);
    expect((await rest(t.db, "GET", "/api/auth/2fa", { user: admin })).body).toEqual({
      enabled: false,
      required: false,
      sessionVerified: false,
    });
    const ok = await rest(t.db, "POST", "/api/auth/2fa/enable", { user: admin, body: { code: codeFor(setup.body.secret) } });
    expect(ok.status).toBe(200);
    expect((await rest(t.db, "GET", "/api/auth/2fa", { user: admin })).body.enabled).toBe(true);
    const row = await t.db.user.findUniqueOrThrow({ where: { id: admin.id } });
    expect(row.totpPendingSecret).toBeNull();
    // Never in any user answer.
    const me = await rest(t.db, "GET", "/api/auth/user", { user: admin });
    expect(Object.keys(me.body).join()).not.toMatch(/totp|secret/i);
    expect(JSON.stringify(me.body)).not.toContain(row.totpSecret ?? "missing");
  });

  it("players cannot enrol", async () => {
    const player = await createUser(t.db);
    expect((await rest(t.db, "POST", "/api/auth/2fa/setup", { user: player })).status).toBe(403);
  });

  it("sign-in asks for the code: the password alone signs nobody in; the code does, once", async () => {
    const { admin, secret } = await enrolledAdmin();
    const login = await rest(t.db, "POST", "/api/auth/login", { body: { email: admin.email, password: FIXTURE_PASSWORD } });
    expect(login.status).toBe(200);
    expect(login.body).toEqual({ message: "Enter the code from your authenticator app", twoFactorRequired: true });
    const token = cookieOf(login.headers);
    expect(token).not.toBe("");
    expect((await rest(t.db, "GET", "/api/auth/user", { token })).status).toBe(401);
    expect((await rest(t.db, "GET", "/api/admin/users", { token })).status).toBe(401);
    const wrong = await rest(t.db, "POST", "/api/auth/2fa/verify", { token, body: { code: "123456" } });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe(twoFactor.INVALID_CODE);
    // The enrolment used this step's code; the next step's is accepted (one step of clock drift).
    const code = codeFor(secret, 1);
    const ok = await rest(t.db, "POST", "/api/auth/2fa/verify", { token, body: { code } });
    expect(ok.status).toBe(200);
    expect(ok.headers.getSetCookie().join(";")).toContain(`${SESSION_COOKIE}=${token}`);
    expect((await rest(t.db, "GET", "/api/auth/user", { token })).body.id).toBe(admin.id);
    // The same code cannot be used again (a second sign-in).
    const again = await rest(t.db, "POST", "/api/auth/login", { body: { email: admin.email, password: FIXTURE_PASSWORD } });
    const replay = await rest(t.db, "POST", "/api/auth/2fa/verify", { token: cookieOf(again.headers), body: { code } });
    expect(replay.status).toBe(401);
    // Without a pending sign-in there is nothing to verify.
    expect((await rest(t.db, "POST", "/api/auth/2fa/verify", { body: { code } })).status).toBe(401);
  });

  it("code guesses are rate limited", async () => {
    const { admin } = await enrolledAdmin();
    const login = await rest(t.db, "POST", "/api/auth/login", { body: { email: admin.email, password: FIXTURE_PASSWORD } });
    const token = cookieOf(login.headers);
    for (let i = 0; i < twoFactor.TWO_FACTOR_RULE.limit; i++) {
      expect((await rest(t.db, "POST", "/api/auth/2fa/verify", { token, body: { code: "000000" } })).status).toBe(401);
    }
    const over = await rest(t.db, "POST", "/api/auth/2fa/verify", { token, body: { code: "000000" } });
    expect(over.status).toBe(429);
  });

  it("ADMIN_2FA_REQUIRED=true: money-moving admin actions need a session that passed two-factor", async () => {
    process.env.ADMIN_2FA_REQUIRED = "true";
    const plain = await createUser(t.db, { role: "owner" });
    const target = await createUser(t.db);
    const refused = await rest(t.db, "POST", "/api/payments/missing-id/approve", { user: plain });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(twoFactor.TWO_FACTOR_REQUIRED);
    const toggle = await rest(t.db, "POST", `/api/admin/users/${target.id}/toggle-admin`, {
      user: plain,
      body: { isAdmin: true },
    });
    expect(toggle.status).toBe(403);
    expect((await t.db.user.findUniqueOrThrow({ where: { id: target.id } })).role).toBe("user");
    // Reading players' data needs it too (the next test walks every admin row).
    expect((await rest(t.db, "GET", "/api/admin/users", { user: plain })).status).toBe(403);
    // The dashboard reads this before any click: the code is required and this session has not passed it.
    expect((await rest(t.db, "GET", "/api/auth/2fa", { user: plain })).body).toEqual({
      enabled: false,
      required: true,
      sessionVerified: false,
    });

    // An admin whose session passed the code gets through to the action itself (404: no such payment).
    const { admin, secret } = await enrolledAdmin();
    const login = await rest(t.db, "POST", "/api/auth/login", { body: { email: admin.email, password: FIXTURE_PASSWORD } });
    const token = cookieOf(login.headers);
    await rest(t.db, "POST", "/api/auth/2fa/verify", { token, body: { code: codeFor(secret, 1) } });
    const allowed = await rest(t.db, "POST", "/api/payments/missing-id/approve", { token });
    expect(allowed.status).toBe(404);
    expect((await rest(t.db, "GET", "/api/auth/2fa", { token })).body).toEqual({
      enabled: true,
      required: true,
      sessionVerified: true,
    });

    // Without the setting, the same plain admin may act.
    delete process.env.ADMIN_2FA_REQUIRED;
    expect((await rest(t.db, "POST", "/api/payments/missing-id/approve", { user: plain })).status).toBe(404);
  });

  it("turning it off needs a fresh code", async () => {
    const { admin, secret } = await enrolledAdmin();
    const later = new Date(Date.now() + 60_000);
    await expect(twoFactor.disableTwoFactor(t.db, admin.id, "000000", later)).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    const code = generateHOTP(decodeBase32(secret), BigInt(Math.floor(later.getTime() / 30_000)), 6);
    await twoFactor.disableTwoFactor(t.db, admin.id, code, later);
    const login = await rest(t.db, "POST", "/api/auth/login", { body: { email: admin.email, password: FIXTURE_PASSWORD } });
    expect(login.body.user.id).toBe(admin.id);
  });

  it("every admin procedure and admin REST row is either privileged or exempted by name with a reason", () => {
    const procedures = appRouter._def.procedures as unknown as Record<
      string,
      { _def: { type: string; meta?: { access?: string } } }
    >;
    const adminProcedures = Object.entries(procedures)
      .filter(([, p]) => p._def.meta?.access === "admin")
      .map(([path]) => path);
    // Queries and live streams are enumerated too, not only mutations.
    const types = new Set(adminProcedures.map((path) => procedures[path]?._def.type));
    expect([...types].sort()).toEqual(["mutation", "query", "subscription"]);
    expect(adminProcedures.length).toBeGreaterThan(40);
    const unclassified = adminProcedures.filter(
      (path) => !Object.hasOwn(PRIVILEGED_ADMIN_ACTIONS, path) && !Object.hasOwn(SECOND_FACTOR_EXEMPT, path),
    );
    expect(unclassified, "admin procedures in neither list of src/server/api/privileged.ts").toEqual([]);
    const both = adminProcedures.filter(
      (path) => Object.hasOwn(PRIVILEGED_ADMIN_ACTIONS, path) && Object.hasOwn(SECOND_FACTOR_EXEMPT, path),
    );
    expect(both, "one entry per procedure").toEqual([]);
    // Every admin REST row either calls a classified procedure or is a raw row in the list itself.
    for (const route of restRoutes.filter((r) => r.doc.access === "admin")) {
      const key = `${route.method} ${route.path}`;
      if (route.raw) expect(Object.hasOwn(PRIVILEGED_ADMIN_READS, key), key).toBe(true);
      else expect(adminProcedures, key).toContain(route.doc.procedure);
    }
    for (const key of Object.keys(PRIVILEGED_ADMIN_READS)) {
      expect(
        restRoutes.some((r) => r.raw && `${r.method} ${r.path}` === key && r.doc.access === "admin"),
        key,
      ).toBe(true);
    }
    // No stale names: every listed procedure is a real admin procedure, every reason is written out.
    for (const [path, reason] of Object.entries(SECOND_FACTOR_EXEMPT)) {
      expect(procedures[path]?._def.meta?.access, path).toBe("admin");
      expect(reason.length, path).toBeGreaterThan(10);
    }
    // Each says why; a write names the audit rows it writes (real audit actions) or where it is kept.
    for (const [path, entry] of Object.entries(PRIVILEGED_ADMIN_ACTIONS) as [
      string,
      { why: string; audit: readonly string[]; record?: string },
    ][]) {
      expect(procedures[path]?._def.meta?.access, path).toBe("admin");
      expect(entry.why.length, path).toBeGreaterThan(10);
      for (const a of entry.audit) expect(AUDIT_ACTIONS, path).toContain(a);
      if (procedures[path]?._def.type === "mutation") {
        expect(entry.audit.length > 0 || (entry.record ?? "").length > 10, `${path}: audit rows or record`).toBe(true);
      }
    }
    // The money, terms, prize, role and wheel actions, the reads of players' data and the messages
    // that reach a player are all privileged.
    for (const path of [
      "withdrawals.approve",
      "withdrawals.reject",
      "payments.approve",
      "payments.reject",
      "admin.createContest",
      "admin.updateContest",
      "admin.setContestStatus",
      "admin.recordFreeEntry",
      "admin.toggleAdmin",
      "prizes.setStatus",
      "wheel.setEconomics",
      "admin.users",
      "admin.audit",
      "withdrawals.adminList",
      "payments.pending",
      "support.adminReply",
      "complaints.adminReply",
      "support.onConversation",
    ]) {
      expect(Object.hasOwn(PRIVILEGED_ADMIN_ACTIONS, path), path).toBe(true);
    }
  });

  it("ADMIN_2FA_REQUIRED=true: an admin without the code reads nothing of players' and messages no one, on every admin row", async () => {
    process.env.ADMIN_2FA_REQUIRED = "true";
    const player = await createUser(t.db, { balance: "25" });
    const asked = await rest(t.db, "POST", "/api/withdrawals", {
      user: player,
      body: { amount: "20", cryptoCurrency: "USDT", network: "TRC20", address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t" },
    });
    expect(asked.status).toBe(201);
    const admin = await createUser(t.db, { role: "owner" });
    const login = await rest(t.db, "POST", "/api/auth/login", { body: { email: admin.email, password: FIXTURE_PASSWORD } });
    const token = cookieOf(login.headers);

    // The finding: users with e-mails and balances, withdrawal addresses, the audit log as JSON.
    for (const path of ["/api/admin/users", "/api/admin/withdrawals", "/api/admin/audit", "/api/payments/pending"]) {
      const res = await rest(t.db, "GET", path, { token });
      expect(res.status, path).toBe(403);
      expect(res.body.message, path).toBe(twoFactor.TWO_FACTOR_REQUIRED);
      expect(JSON.stringify(res.body)).not.toContain(player.email);
    }
    // Messaging a player: refused, nothing written.
    const reply = await rest(t.db, "POST", "/api/support/admin-reply", {
      token,
      body: { userId: player.id, message: "Send your password to this address" },
    });
    expect(reply.status).toBe(403);
    expect(await t.db.supportMessage.count({ where: { userId: player.id } })).toBe(0);

    // Every admin REST row, every method: 403 with the rule, before anything is read or written.
    const before = await t.db.auditLog.count();
    for (const route of restRoutes.filter((r) => r.doc.access === "admin")) {
      const path = route.path.replace(/:[A-Za-z]+/g, "x");
      const key = `${route.method} ${route.path}`;
      const exempt = Boolean(route.doc.procedure && Object.hasOwn(SECOND_FACTOR_EXEMPT, route.doc.procedure));
      const res = await rest(t.db, route.method, path, { token, body: route.method === "GET" ? undefined : {} });
      if (exempt) expect(res.status, key).not.toBe(403);
      else {
        expect(res.status, key).toBe(403);
        expect(res.body.message, key).toBe(twoFactor.TWO_FACTOR_REQUIRED);
      }
    }
    expect(await t.db.auditLog.count()).toBe(before);

    // Every admin procedure through tRPC, queries and live streams included.
    const caller = createCaller(
      await createContextInner({ db: t.db, headers: new Headers({ cookie: `${SESSION_COOKIE}=${token}` }) }),
    ) as unknown as Record<string, Record<string, (input?: unknown) => Promise<unknown>>>;
    const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { meta?: { access?: string } } }>;
    for (const path of Object.keys(procedures)) {
      if (procedures[path]?._def.meta?.access !== "admin" || Object.hasOwn(SECOND_FACTOR_EXEMPT, path)) continue;
      const [router, name] = path.split(".") as [string, string];
      await expect(caller[router]?.[name]?.({}), path).rejects.toMatchObject({
        code: "FORBIDDEN",
        message: twoFactor.TWO_FACTOR_REQUIRED,
      });
    }

    // The dashboard is told why (auth.twoFactorStatus), and once the code is passed it all opens.
    expect((await rest(t.db, "GET", "/api/auth/2fa", { token })).body).toEqual({
      enabled: false,
      required: true,
      sessionVerified: false,
    });
    const { admin: enrolled, secret } = await enrolledAdmin();
    const again = await rest(t.db, "POST", "/api/auth/login", { body: { email: enrolled.email, password: FIXTURE_PASSWORD } });
    const verifiedToken = cookieOf(again.headers);
    expect(
      (await rest(t.db, "POST", "/api/auth/2fa/verify", { token: verifiedToken, body: { code: codeFor(secret, 1) } })).status,
    ).toBe(200);
    expect((await rest(t.db, "GET", "/api/auth/2fa", { token: verifiedToken })).body).toEqual({
      enabled: true,
      required: true,
      sessionVerified: true,
    });
    const users = await rest(t.db, "GET", "/api/admin/users", { token: verifiedToken });
    expect(users.status).toBe(200);
    expect((await rest(t.db, "GET", "/api/admin/export/withdrawals.csv", { token: verifiedToken })).status).toBe(200);
  });

  it("the $5,000 scenario with ADMIN_2FA_REQUIRED=true: a session that never entered a code can neither create the contest nor pay out", async () => {
    process.env.ADMIN_2FA_REQUIRED = "true";
    const admin = await createUser(t.db, { role: "owner" });
    const accomplice = await createUser(t.db, { balance: "5000" });
    // A real password sign-in (no code ever entered).
    const login = await rest(t.db, "POST", "/api/auth/login", { body: { email: admin.email, password: FIXTURE_PASSWORD } });
    expect(login.status).toBe(200);
    const token = cookieOf(login.headers);
    const contests = await t.db.contest.count();
    const create = await rest(t.db, "POST", "/api/admin/contests", {
      token,
      body: {
        title: "Cash $5,000",
        description: "One ticket, one winner.",
        ticketPrice: 0.01,
        maxTickets: 1,
        cashAlternative: 5000,
        category: "cash",
        status: "active",
      },
    });
    expect(create.status).toBe(403);
    expect(create.body.message).toBe(twoFactor.TWO_FACTOR_REQUIRED);
    expect(await t.db.contest.count()).toBe(contests);

    // The accomplice "won" $5,000 and asks for it; approving or rejecting is refused alike.
    const asked = await rest(t.db, "POST", "/api/withdrawals", {
      user: accomplice,
      body: { amount: "5000", cryptoCurrency: "USDT", network: "TRC20", address: "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t" },
    });
    expect(asked.status).toBe(201);
    const approve = await rest(t.db, "POST", `/api/admin/withdrawals/${asked.body.id}/approve`, { token });
    expect(approve.status).toBe(403);
    expect(approve.body.message).toBe(twoFactor.TWO_FACTOR_REQUIRED);
    const reject = await rest(t.db, "POST", `/api/admin/withdrawals/${asked.body.id}/reject`, { token, body: { reason: "no" } });
    expect(reject.status).toBe(403);
    expect((await t.db.withdrawal.findUniqueOrThrow({ where: { id: asked.body.id } })).status).toBe("pending");

    // Every other privileged REST row is refused before it does anything.
    const contest = await createContest(t.db);
    for (const [method, path, body] of [
      ["PUT", `/api/admin/contests/${contest.id}`, { title: "Changed" }],
      ["POST", `/api/admin/contests/${contest.id}/status`, { status: "cancelled" }],
      ["POST", "/api/admin/prizes/missing/status", { status: "shipped" }],
      ["POST", `/api/admin/contests/${contest.id}/free-entries`, { userId: accomplice.id, quantity: 1 }],
      ["POST", `/api/admin/users/${accomplice.id}/toggle-admin`, { isAdmin: true }],
    ] as const) {
      const res = await rest(t.db, method, path, { token, body });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    expect((await t.db.contest.findUniqueOrThrow({ where: { id: contest.id } })).status).toBe("active");
    expect((await t.db.user.findUniqueOrThrow({ where: { id: accomplice.id } })).role).toBe("user");
  });

  it("ten single-use backup codes at enrolment, stored hashed; each stands in for a code once", async () => {
    const admin = await createUser(t.db, { role: "owner" });
    const token = await sessionTokenFor(t.db, admin);
    const setup = await rest(t.db, "POST", "/api/auth/2fa/setup", { token });
    const enable = await rest(t.db, "POST", "/api/auth/2fa/enable", { token, body: { code: codeFor(setup.body.secret) } });
    expect(enable.status).toBe(200);
    const codes: string[] = enable.body.backupCodes;
    expect(codes).toHaveLength(twoFactor.BACKUP_CODE_COUNT);
    expect(new Set(codes).size).toBe(codes.length);
    for (const c of codes) expect(c).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    const stored = await t.db.twoFactorBackupCode.findMany({ where: { userId: admin.id } });
    expect(stored.map((r) => r.codeHash).sort()).toEqual(codes.map(twoFactor.hashBackupCode).sort());
    expect(JSON.stringify(stored)).not.toContain(codes[0]);
    // Sign-in with a backup code (any case, with or without the dash), once.
    const signIn = async (code: string, ip = "10.20.0.1") => {
      const login = await rest(t.db, "POST", "/api/auth/login", { body: { email: admin.email, password: FIXTURE_PASSWORD } });
      const pending = cookieOf(login.headers);
      const res = await rest(t.db, "POST", "/api/auth/2fa/verify", {
        token: pending,
        body: { code },
        headers: { "x-forwarded-for": ip },
      });
      return res.status;
    };
    expect(await signIn((codes[0] as string).toUpperCase())).toBe(200);
    expect(await signIn(codes[0] as string)).toBe(401);
    expect(await signIn((codes[1] as string).replace("-", ""))).toBe(200);
  });

  it("re-enrolment and turning off need the current code or a backup code; a verified session alone is not enough", async () => {
    const { admin, secret } = await enrolledAdmin();
    const token = await sessionTokenFor(t.db, admin);
    const noCode = await rest(t.db, "POST", "/api/auth/2fa/setup", { token });
    expect(noCode.status).toBe(403);
    expect(noCode.body.message).toBe(twoFactor.CURRENT_CODE_NEEDED);
    expect((await rest(t.db, "POST", "/api/auth/2fa/setup", { token, body: { code: "000000" } })).status).toBe(401);
    const row = await t.db.user.findUniqueOrThrow({ where: { id: admin.id } });
    expect(row.totpPendingSecret).toBeNull();
    // With the current code (the next step: the enrolment used this one) a new key may be set up.
    const again = await rest(t.db, "POST", "/api/auth/2fa/setup", { token, body: { code: codeFor(secret, 1) } });
    expect(again.status).toBe(200);
    // Turning off: a wrong code is refused, a backup code works.
    expect((await rest(t.db, "POST", "/api/auth/2fa/disable", { token, body: { code: "abcde-fghij" } })).status).toBe(401);
    const fresh = await enrolledAdmin();
    const freshToken = await sessionTokenFor(t.db, fresh.admin);
    const setup = await rest(t.db, "POST", "/api/auth/2fa/setup", {
      token: freshToken,
      body: { code: codeFor(fresh.secret, 1) },
    });
    const reenrolled = await rest(t.db, "POST", "/api/auth/2fa/enable", {
      token: freshToken,
      body: { code: codeFor(setup.body.secret) },
    });
    expect(reenrolled.status).toBe(200);
    const off = await rest(t.db, "POST", "/api/auth/2fa/disable", {
      token: freshToken,
      body: { code: reenrolled.body.backupCodes[3] },
    });
    expect(off.status).toBe(200);
    expect(await t.db.twoFactorBackupCode.count({ where: { userId: fresh.admin.id } })).toBe(0);
    const audit = await t.db.auditLog.findMany({ where: { targetId: fresh.admin.id }, orderBy: { createdAt: "asc" } });
    expect(audit.map((a) => a.action)).toEqual(["two_factor.enable", "two_factor.enable", "two_factor.disable"]);
  });

  it("codes guessed from many addresses hit the account's ceiling: a bounded lockout the owner is told about; backup codes and signed-in sessions still work", async () => {
    const { admin, secret, backupCodes } = await enrolledAdmin();
    const ownerSession = await sessionTokenFor(t.db, admin); // already signed in elsewhere
    const pending = async () =>
      cookieOf(
        (await rest(t.db, "POST", "/api/auth/login", { body: { email: admin.email, password: FIXTURE_PASSWORD } })).headers,
      );
    const token = await pending();
    // The finding: 60 wrong codes from 12 addresses (5 each, under the per-address limits) at once.
    const wrong = (i: number) =>
      rest(t.db, "POST", "/api/auth/2fa/verify", {
        token,
        body: { code: String(100000 + i) },
        headers: { "x-forwarded-for": `203.0.113.${10 + (i % 12)}` },
      });
    const results = await Promise.all(Array.from({ length: 60 }, (_, i) => wrong(i)));
    const judged = results.filter((r) => r.status === 401).length;
    expect(judged).toBeLessThanOrEqual(twoFactor.TWO_FACTOR_ACCOUNT_RULE.limit);
    expect(results.filter((r) => r.status === 429).length).toBe(60 - judged);
    // The right code, from yet another address, is refused now, with when and what still works.
    const right = await rest(t.db, "POST", "/api/auth/2fa/verify", {
      token: await pending(),
      body: { code: codeFor(secret, 1) },
      headers: { "x-forwarded-for": "198.51.100.7" },
    });
    expect(right.status).toBe(429);
    expect(right.body.message).toMatch(
      /^Too many wrong authentication codes for this account\. Codes are paused; try again in 15 minutes, or use one of your backup codes\.$/,
    );
    expect(Number(right.headers.get("retry-after"))).toBeGreaterThan(14 * 60);
    expect(Number(right.headers.get("retry-after"))).toBeLessThanOrEqual(15 * 60);
    // The owner is told once: a notification and an e-mail.
    expect(await t.db.notification.count({ where: { userId: admin.id, title: "Two-factor codes paused" } })).toBe(1);
    const mails = await t.db.emailOutbox.findMany({ where: { userId: admin.id, kind: "two_factor_locked" } });
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain("Change your password now");
    // A backup code still signs the owner in; a session that already passed is untouched.
    const withBackup = await rest(t.db, "POST", "/api/auth/2fa/verify", {
      token: await pending(),
      body: { code: backupCodes[0] },
      headers: { "x-forwarded-for": "198.51.100.7" },
    });
    expect(withBackup.status).toBe(200);
    expect((await rest(t.db, "GET", "/api/auth/user", { token: ownerSession })).status).toBe(200);

    // Bounded: once the lockout ends the right code works again; the next lockout doubles, never past the cap.
    const key = `two-factor-account:${admin.id}`;
    const row = await t.db.rateLimit.findUniqueOrThrow({ where: { key } });
    expect(row.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(twoFactor.TWO_FACTOR_LOCK_BASE_MS);
    await t.db.rateLimit.update({ where: { key }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const back = await rest(t.db, "POST", "/api/auth/2fa/verify", { token: await pending(), body: { code: codeFor(secret, 1) } });
    expect(back.status).toBe(200);
    const again = await pending();
    for (let i = 0; i < twoFactor.TWO_FACTOR_ACCOUNT_RULE.limit; i++) {
      await rest(t.db, "POST", "/api/auth/2fa/verify", {
        token: again,
        body: { code: "000000" },
        headers: { "x-forwarded-for": `192.0.2.${i}` },
      });
    }
    const second = (await t.db.rateLimit.findUniqueOrThrow({ where: { key } })).expiresAt.getTime() - Date.now();
    expect(second).toBeGreaterThan(twoFactor.TWO_FACTOR_LOCK_BASE_MS + 60_000);
    expect(second).toBeLessThanOrEqual(2 * twoFactor.TWO_FACTOR_LOCK_BASE_MS);
    expect(await t.db.notification.count({ where: { userId: admin.id, title: "Two-factor codes paused" } })).toBe(2);
    // However many came before (a stranger at it all day), a lockout never lasts past the cap.
    await t.db.rateLimit.update({ where: { key: `two-factor-lockouts:${admin.id}` }, data: { points: 20 } });
    await t.db.rateLimit.update({ where: { key }, data: { expiresAt: new Date(Date.now() - 1000) } });
    for (let i = 0; i < twoFactor.TWO_FACTOR_ACCOUNT_RULE.limit; i++) {
      await rest(t.db, "POST", "/api/auth/2fa/verify", {
        token: again,
        body: { code: "000000" },
        headers: { "x-forwarded-for": `192.0.2.${100 + i}` },
      });
    }
    const capped = (await t.db.rateLimit.findUniqueOrThrow({ where: { key } })).expiresAt.getTime() - Date.now();
    expect(capped).toBeLessThanOrEqual(twoFactor.TWO_FACTOR_LOCK_MAX_MS);
    expect(capped).toBeGreaterThan(twoFactor.TWO_FACTOR_LOCK_MAX_MS - 60_000);
  });

  it("a stranger with the password who guesses codes from elsewhere does not lock the owner out", async () => {
    const { admin, secret } = await enrolledAdmin();
    const pendingFrom = async () =>
      cookieOf(
        (await rest(t.db, "POST", "/api/auth/login", { body: { email: admin.email, password: FIXTURE_PASSWORD } })).headers,
      );
    const stranger = { "x-forwarded-for": "203.0.113.66" };
    const strangerToken = await pendingFrom();
    for (let i = 0; i < twoFactor.TWO_FACTOR_RULE.limit; i++) {
      await rest(t.db, "POST", "/api/auth/2fa/verify", { token: strangerToken, body: { code: "000000" }, headers: stranger });
    }
    const locked = await rest(t.db, "POST", "/api/auth/2fa/verify", {
      token: strangerToken,
      body: { code: codeFor(secret, 1) },
      headers: stranger,
    });
    expect(locked.status).toBe(429);
    // The owner, from home, still signs in.
    const owner = await rest(t.db, "POST", "/api/auth/2fa/verify", {
      token: await pendingFrom(),
      body: { code: codeFor(secret, 1) },
      headers: { "x-forwarded-for": "198.51.100.7" },
    });
    expect(owner.status).toBe(200);
    // Per IP across accounts: one address cannot spread its guesses over many admins.
    const ip = { "x-forwarded-for": "203.0.113.99" };
    let last = 0;
    for (let i = 0; i <= twoFactor.TWO_FACTOR_IP_RULE.limit; i++) {
      const other = await enrolledAdmin();
      const login = await rest(t.db, "POST", "/api/auth/login", {
        body: { email: other.admin.email, password: FIXTURE_PASSWORD },
      });
      last = (
        await rest(t.db, "POST", "/api/auth/2fa/verify", {
          token: cookieOf(login.headers),
          body: { code: "000000" },
          headers: ip,
        })
      ).status;
    }
    expect(last).toBe(429);
  });
});
