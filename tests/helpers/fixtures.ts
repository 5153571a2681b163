/** Real rows and real sessions for tests: users, contests, callers and REST requests. */
import { randomBytes } from "node:crypto";
import type { Contest, Role, User } from "../../src/generated/prisma/client";
import { Prisma } from "../../src/generated/prisma/client";
import { createContextInner } from "../../src/server/api/context";
import { createCaller } from "../../src/server/api/root";
import { hashSecret } from "../../src/server/auth/password";
import { createSession } from "../../src/server/auth/session";
import type { Db } from "../../src/server/platform/db";
import { applyBalanceChange } from "../../src/server/services/kernel";
import { handleRestRequest } from "../../src/server/rest/handler";
import { sha256Hex } from "../../src/shared/draw";
import { SECURITY_QUESTIONS, SESSION_COOKIE } from "../../src/shared/constants";
import { assertMatchesDocument } from "./contract";

let cachedHash: Promise<string> | undefined;
let cachedAnswerHash: Promise<string> | undefined;
/**
 * Every fixture user has the password "password123" and answer "rex" (each hashed once per file to
 * keep tests fast), and a verified e-mail address unless `verified: false`.
 */
export const FIXTURE_PASSWORD = "password123";
export const FIXTURE_ANSWER = "rex";
/** A delivery address a prize claim accepts (src/shared/prizes.ts deliverySchema). */
export const FIXTURE_DELIVERY = {
  fullName: "Ann Lee",
  addressLine1: "1 High St",
  city: "Leeds",
  postcode: "LS1 4AB",
  country: "UK",
  phone: "+44 113 496 0000",
};

export async function createUser(
  db: Db,
  opts: {
    email?: string;
    role?: Role;
    /** Cash (withdrawable), booked as an `adjustment`. */
    balance?: string;
    /** Site credit (spend-only), booked as a `credit_grant`. */
    credit?: string;
    firstName?: string;
    lastName?: string;
    /** false: an address its owner has not verified yet (docs/email.md "Verified addresses"); default verified. */
    verified?: boolean;
  } = {},
): Promise<User> {
  cachedHash ??= hashSecret(FIXTURE_PASSWORD);
  cachedAnswerHash ??= hashSecret(FIXTURE_ANSWER);
  const [hash, answerHash] = await Promise.all([cachedHash, cachedAnswerHash]);
  const user = await db.user.create({
    data: {
      email: opts.email ?? `user-${randomBytes(5).toString("hex")}@example.com`,
      firstName: opts.firstName ?? "Test",
      lastName: opts.lastName ?? "User",
      role: opts.role ?? "user",
      passwordHash: hash,
      securityQuestion: SECURITY_QUESTIONS[0],
      securityAnswerHash: answerHash,
      emailVerifiedAt: opts.verified === false ? null : new Date(),
    },
  });
  const cash = opts.balance && opts.balance !== "0" ? opts.balance : null;
  const credit = opts.credit && opts.credit !== "0" ? opts.credit : null;
  if (cash || credit) {
    await db.$transaction(async (tx) => {
      if (cash)
        await applyBalanceChange(tx, { userId: user.id, amount: cash, kind: "adjustment", reference: `fixture-${user.id}` });
      if (credit) {
        await applyBalanceChange(tx, {
          userId: user.id,
          amount: credit,
          kind: "credit_grant",
          reference: `fixture-credit-${user.id}`,
        });
      }
    });
    return db.user.findUniqueOrThrow({ where: { id: user.id } });
  }
  return user;
}

export async function createContest(db: Db, data: Partial<Prisma.ContestUncheckedCreateInput> = {}): Promise<Contest> {
  const seed = randomBytes(32).toString("hex");
  return db.contest.create({
    data: {
      title: "Test Contest",
      description: "A contest for tests",
      category: "cash",
      ticketPrice: new Prisma.Decimal("1.50"),
      drawSeed: seed,
      drawSeedHash: await sha256Hex(seed),
      ...data,
    },
  });
}

/** A session token for the user (as the login cookie would carry it). */
export async function sessionTokenFor(db: Db, user: User): Promise<string> {
  return (await createSession(db, user.id)).token;
}

/** A tRPC caller acting as `user` (or anonymous), through the real context and middlewares. */
export async function callerFor(db: Db, user?: User | null, headers: Record<string, string> = {}) {
  const h = new Headers(headers);
  if (user) h.set("cookie", `${SESSION_COOKIE}=${await sessionTokenFor(db, user)}`);
  return createCaller(await createContextInner({ db, headers: h }));
}

/** Like callerFor, with the AbortSignal tRPC hands to procedures (a client leaving a subscription). */
export async function signalCallerFor(db: Db, user: User | null, signal: AbortSignal) {
  const h = new Headers();
  if (user) h.set("cookie", `${SESSION_COOKIE}=${await sessionTokenFor(db, user)}`);
  return createCaller(await createContextInner({ db, headers: h }), { signal });
}

/** A real Request through the REST adapter; `user` signs it in with a fresh session cookie. */
export async function rest(
  db: Db,
  method: string,
  path: string,
  opts: { body?: unknown; rawBody?: string; user?: User | null; token?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: any; headers: Headers }> {
  const headers = new Headers(opts.headers);
  const token = opts.token ?? (opts.user ? await sessionTokenFor(db, opts.user) : undefined);
  if (token) headers.set("cookie", `${SESSION_COOKIE}=${token}`);
  let body: string | undefined;
  if (opts.rawBody !== undefined) body = opts.rawBody;
  else if (opts.body !== undefined) body = JSON.stringify(opts.body);
  if (body !== undefined && !headers.has("content-type")) headers.set("content-type", "application/json");
  if (body !== undefined) headers.set("content-length", String(Buffer.byteLength(body)));
  const res = await handleRestRequest(new Request(`http://localhost:3000${path}`, { method, headers, body }));
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    /* non-JSON answers (e.g. the webhook's "ok") stay text */
  }
  // Every answer is also a contract test: the OpenAPI document must describe it (tests/helpers/contract.ts).
  assertMatchesDocument(method, new URL(path, "http://localhost").pathname, res.status, res.headers.get("content-type"), parsed);
  return { status: res.status, body: parsed, headers: res.headers };
}
