/**
 * Staff roles (docs/admin.md "Roles"; the matrix is src/server/api/privileged.ts): every admin
 * procedure and every admin REST row, for every role, answers what the matrix says: refused with
 * 403 "Your staff role does not allow this" before anything is read or written, or let through
 * (to a 2xx, or to the procedure's own 4xx for the empty input this table sends).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { User } from "../../src/generated/prisma/client";
import { createContextInner } from "../../src/server/api/context";
import { allowedFor, ROLE_NOT_ALLOWED, roleMayCall } from "../../src/server/api/privileged";
import { appRouter, createCaller } from "../../src/server/api/root";
import { validateSessionToken } from "../../src/server/auth/session";
import { restRoutes } from "../../src/server/rest/table";
import { SESSION_COOKIE } from "../../src/shared/constants";
import { STAFF_ROLES, type StaffRole } from "../../src/shared/staff";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { createUser, rest, sessionTokenFor } from "../helpers/fixtures";

type Procedures = Record<string, { _def: { type: string; meta?: { access?: string } } }>;
const procedures = appRouter._def.procedures as unknown as Procedures;
const adminProcedures = Object.keys(procedures)
  .filter((path) => procedures[path]?._def.meta?.access === "admin")
  .sort();

describe(`staff roles: every procedure × role (${dbKind()})`, () => {
  let t: TestDb;
  const staff = {} as Record<StaffRole, User>;
  beforeAll(async () => {
    t = await createTestDb();
    for (const role of STAFF_ROLES) staff[role] = await createUser(t.db, { role });
  });
  afterAll(() => t.close());

  it("the matrix: owner everything; each other role only its work; viewer never writes", () => {
    expect(adminProcedures.length).toBeGreaterThan(50);
    for (const path of adminProcedures) expect(roleMayCall("owner", path), path).toBe(true);
    for (const path of adminProcedures.filter((p) => procedures[p]?._def.type === "mutation")) {
      if (path.startsWith("auth.twoFactor")) continue; // everyone's own second factor
      expect(roleMayCall("viewer", path), `viewer may not ${path}`).toBe(false);
    }
    const cells: [string, StaffRole[]][] = [
      ["withdrawals.approve", ["owner", "finance"]],
      ["payments.approve", ["owner", "finance"]],
      ["review.credit", ["owner", "finance"]],
      ["admin.grantCredit", ["owner", "finance"]],
      ["admin.toggleAdmin", ["owner"]],
      ["wheel.setEconomics", ["owner"]],
      ["receipts.rotateKey", ["owner"]],
      ["support.adminReply", ["owner", "support"]],
      ["complaints.adminAnswer", ["owner", "support"]],
      ["admin.users", ["owner", "finance", "support"]],
      ["admin.createContest", ["owner", "content"]],
      ["instantWins.set", ["owner", "content"]],
      ["pricing.createPromoCode", ["owner", "content"]],
      ["admin.createWinnerPost", ["owner", "content"]],
      ["admin.analytics", ["owner", "finance", "viewer"]],
      ["admin.contests", ["owner", "finance", "support", "content", "viewer"]],
      ["GET /api/admin/export/withdrawals.csv", ["owner", "finance"]],
      ["GET /api/admin/contests/:contestId/entries.csv", ["owner", "content"]],
    ];
    for (const [key, roles] of cells) {
      expect(
        STAFF_ROLES.filter((r) => roleMayCall(r, key)),
        key,
      ).toEqual(roles);
    }
    // A player, or a role the code does not know, may call nothing.
    expect(roleMayCall("user", "admin.stats")).toBe(false);
    expect(roleMayCall("admin", "admin.stats")).toBe(false);
    // Fail closed: a procedure missing from the matrix is the owner's alone.
    expect(STAFF_ROLES.filter((r) => roleMayCall(r, "admin.somethingNew"))).toEqual(["owner"]);
  });

  it("every admin procedure through tRPC, for every role: 403 where the matrix says no, let through where it says yes", async () => {
    for (const role of STAFF_ROLES) {
      const token = await sessionTokenFor(t.db, staff[role]);
      const caller = createCaller(
        await createContextInner({ db: t.db, headers: new Headers({ cookie: `${SESSION_COOKIE}=${token}` }) }),
      ) as unknown as Record<string, Record<string, (input?: unknown) => Promise<unknown>>>;
      for (const path of adminProcedures) {
        const [router, name] = path.split(".") as [string, string];
        const where = `${role} ${path}`;
        if (!roleMayCall(role, path)) {
          await expect(caller[router]?.[name]?.({}), where).rejects.toMatchObject({
            code: "FORBIDDEN",
            message: ROLE_NOT_ALLOWED,
          });
          continue;
        }
        // Allowed: the call gets past the access check (its own answer to `{}` may be a 4xx).
        const outcome = await caller[router]?.[name]?.({}).then(
          async (value) => {
            // A live stream that opened: close it again.
            const stream = value as AsyncIterator<unknown> | undefined;
            if (stream && typeof stream.return === "function") await stream.return();
            return null;
          },
          (e: { code?: string; message?: string }) => e,
        );
        expect(outcome?.message, where).not.toBe(ROLE_NOT_ALLOWED);
        expect(outcome?.code, where).not.toBe("UNAUTHORIZED");
      }
    }
    // A viewer is read-only: nothing it called wrote an audit row.
    expect(await t.db.auditLog.count({ where: { actorId: staff.viewer.id } })).toBe(0);
  });

  it("every admin REST row, for every role: 403 with the rule, or through", async () => {
    for (const role of STAFF_ROLES) {
      for (const route of restRoutes.filter((r) => r.doc.access === "admin")) {
        const key = route.raw ? `${route.method} ${route.path}` : (route.doc.procedure ?? "");
        const path = route.path.replace(/:[A-Za-z]+/g, "x");
        const res = await rest(t.db, route.method, path, {
          user: staff[role],
          body: route.method === "GET" ? undefined : {},
        });
        const where = `${role} ${route.method} ${route.path}`;
        if (roleMayCall(role, key)) {
          expect(res.body?.message, where).not.toBe(ROLE_NOT_ALLOWED);
          expect(res.status, where).toBeLessThan(500);
        } else {
          expect(res.status, where).toBe(403);
          expect(res.body.message, where).toBe(ROLE_NOT_ALLOWED);
        }
      }
    }
  });

  it("GET /api/auth/staff-access names the caller's role and exactly what it may call; a player gets 403", async () => {
    for (const role of STAFF_ROLES) {
      const res = await rest(t.db, "GET", "/api/auth/staff-access", { user: staff[role] });
      expect(res.status).toBe(200);
      expect(res.body.role).toBe(role);
      expect(res.body.allowed).toEqual(allowedFor(role));
      for (const path of adminProcedures)
        expect(res.body.allowed.includes(path), `${role} ${path}`).toBe(roleMayCall(role, path));
    }
    const player = await createUser(t.db);
    expect((await rest(t.db, "GET", "/api/auth/staff-access", { user: player })).status).toBe(403);
    // isAdmin (the spec's flag) is true for every staff role; staffRole says which.
    const me = await rest(t.db, "GET", "/api/auth/user", { user: staff.support });
    expect(me.body).toMatchObject({ isAdmin: true, staffRole: "support" });
    expect((await rest(t.db, "GET", "/api/auth/user", { user: player })).body).toMatchObject({ isAdmin: false, staffRole: null });
  });

  it("an owner grants a role chosen by name, audited with the role it was granted under; only an owner may", async () => {
    const player = await createUser(t.db);
    const byFinance = await rest(t.db, "POST", `/api/admin/users/${player.id}/toggle-admin`, {
      user: staff.finance,
      body: { isAdmin: true, role: "finance" },
    });
    expect(byFinance.status).toBe(403);
    const bad = await rest(t.db, "POST", `/api/admin/users/${player.id}/toggle-admin`, {
      user: staff.owner,
      body: { isAdmin: true, role: "admin" },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain("role must be one of owner, finance, support, content, viewer");
    const granted = await rest(t.db, "POST", `/api/admin/users/${player.id}/toggle-admin`, {
      user: staff.owner,
      body: { isAdmin: true, role: "support" },
    });
    expect(granted.status).toBe(200);
    expect(granted.body.user).toMatchObject({ isAdmin: true, staffRole: "support" });
    const row = await t.db.auditLog.findFirstOrThrow({ where: { action: "user.role", targetId: player.id } });
    expect(row).toMatchObject({ actorId: staff.owner.id, actorRole: "owner", before: expect.objectContaining({ role: "user" }) });
    expect(row.after).toEqual({ role: "support", fourEyes: "sole owner" });
    // The new support agent reads conversations but cannot approve a withdrawal.
    expect((await rest(t.db, "GET", "/api/admin/conversations", { user: player })).status).toBe(200);
    const approve = await rest(t.db, "POST", "/api/admin/withdrawals/x/approve", { user: player, body: {} });
    expect(approve.status).toBe(403);
    const removed = await rest(t.db, "POST", `/api/admin/users/${player.id}/toggle-admin`, {
      user: staff.owner,
      body: { isAdmin: false },
    });
    expect(removed.body.user).toMatchObject({ isAdmin: false, staffRole: null });
  });

  it("staff sessions end after STAFF_IDLE_MINUTES without a request; players' last their 30 days", async () => {
    process.env.STAFF_IDLE_MINUTES = "30";
    try {
      const agent = await createUser(t.db, { role: "support" });
      const player = await createUser(t.db);
      const agentToken = await sessionTokenFor(t.db, agent);
      const playerToken = await sessionTokenFor(t.db, player);
      const now = Date.now();
      // In use: each request moves the deadline on.
      const first = await validateSessionToken(t.db, agentToken, new Date(now));
      expect(first?.session.expiresAt.getTime()).toBeLessThanOrEqual(now + 30 * 60_000);
      expect(first?.session.expiresAt.getTime()).toBeGreaterThan(now + 29 * 60_000);
      expect(await validateSessionToken(t.db, agentToken, new Date(now + 20 * 60_000))).not.toBeNull();
      expect(await validateSessionToken(t.db, agentToken, new Date(now + 45 * 60_000))).not.toBeNull();
      // Idle 31 minutes: gone.
      expect(await validateSessionToken(t.db, agentToken, new Date(now + 77 * 60_000))).toBeNull();
      expect(await validateSessionToken(t.db, playerToken, new Date(now + 77 * 60_000))).not.toBeNull();
    } finally {
      delete process.env.STAFF_IDLE_MINUTES;
    }
  });
});
