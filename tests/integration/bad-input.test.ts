/**
 * Bad input on every documented path, property-based (fast-check): every REST row of
 * src/server/rest/table.ts and every tRPC procedure of appRouter, as anonymous, player and admin,
 * with wrong types, missing and extra fields, huge and unicode strings, negative / non-numeric /
 * NaN-ish amounts, arrays where objects belong, malformed JSON and wrong content types.
 *
 * Every answer must be 2xx (the input happened to be valid: GET rows ignore bodies and the
 * garbage query, some mutations accept what the generator produced) or 4xx with a JSON
 * {"message": string}; never 5xx; and to a request the OpenAPI document describes, a status the
 * document lists for that operation, with a body that matches it. A 4xx answer must leave the database exactly as it was
 * (tests/helpers/snapshot.ts: no committed write to any table but the RateLimit counters). Signed
 * out, a well-formed request to a non-public path is 401; a player on an admin path is 403. Who may
 * call what is read from the code, not listed here: a procedure's access level is its kind
 * (meta.access, src/server/api/trpc.ts), a REST row's is its `doc.access` in the route table
 * (src/server/rest/routes/*; tests/unit/rest-table.test.ts holds it to its procedure's level or
 * stricter). The raw webhook rows answer 401 to anything unsigned. Only
 * GET /api/login (a redirect) answers 302.
 *
 * One database and one set of users serve every case (sessions are made once per role and only
 * remade after an accepted call may have ended them), so the cost is the requests themselves.
 */
import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import net from "node:net";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { TRPCError } from "@trpc/server";
import fc from "fast-check";
import SuperJSON from "superjson";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { User } from "../../src/generated/prisma/client";
import { GET as trpcGet, POST as trpcPost } from "../../src/app/api/trpc/[trpc]/route";
import { createContextInner } from "../../src/server/api/context";
import { sandboxWebhookKey } from "../../src/server/gateways/sandbox/payments";
import { appRouter, createCaller } from "../../src/server/api/root";
import { MAX_INPUT_NODES, type ProcedureMeta } from "../../src/server/api/trpc";
import { createSession } from "../../src/server/auth/session";
import { handleRestRequest } from "../../src/server/rest/handler";
import { BODY_LIMITS } from "../../src/server/security/body-limit";
import { baseSecurityHeaders } from "../../src/server/security/headers";
import {
  connectionCapFromEnv,
  guardServer,
  refuseMalformedRequest,
  SERVER_OPTIONS,
} from "../../src/server/edge/request-guard.mjs";
import { restRoutes } from "../../src/server/rest/table";
import { checkLedgerInvariants } from "../../src/server/services/money";
import { SESSION_COOKIE } from "../../src/shared/constants";
import { MAX_TRPC_BATCH } from "../../src/shared/transformer";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { createContest, createUser, rest } from "../helpers/fixtures";
import { assertMatchesDocument } from "../helpers/contract";
import { changedTables, snapshotDb, trackWrites } from "../helpers/snapshot";

/** BAD_INPUT_RUNS=200 for a deeper hunt; BAD_INPUT_SEED replays a failure fast-check printed. */
const NUM_RUNS = Number(process.env.BAD_INPUT_RUNS ?? 15);
const SEED = process.env.BAD_INPUT_SEED ? Number(process.env.BAD_INPUT_SEED) : undefined;
// A budget, not a measure: the first answers also compile the document's validators (tests/helpers/contract.ts),
// and CI machines are shared.
const TIMEOUT = Math.max(120_000, NUM_RUNS * 8_000);
const HUGE = 100_000;

type Role = "anonymous" | "player" | "admin";
type Body =
  | { kind: "none" }
  | { kind: "json"; value: unknown }
  | { kind: "raw"; text: string; contentType?: string; wellFormed: false };
const ROLES: Role[] = ["anonymous", "player", "admin"];

/** Field names the schemas use, so generated objects reach deeper than "unrecognised body". */
const FIELDS = [
  "email",
  "password",
  "confirmPassword",
  "currentPassword",
  "newPassword",
  "firstName",
  "lastName",
  "displayName",
  "securityQuestion",
  "securityAnswer",
  "contestId",
  "quantity",
  "items",
  "amount",
  "currency",
  "cryptoCurrency",
  "isPaid",
  "isAdmin",
  "isFromAdmin",
  "isPublished",
  "status",
  "reason",
  "message",
  "userId",
  "id",
  "trackId",
  "title",
  "description",
  "category",
  "ticketPrice",
  "maxTickets",
  "endDate",
  "search",
  "clientSeed",
  "token",
  "receipts",
  "results",
  "limit",
  "data",
  "winnerName",
  "winnerId",
  "winDate",
  "specifications",
  "segments",
  "spinPrice",
  "prizes",
  "kind",
  "label",
  // pricing: promo codes and bundle tiers
  "code",
  "promoCode",
  "percentOff",
  "amountOff",
  "minSpend",
  "maxUses",
  "disabled",
  "tiers",
  // wallet: goodwill credit, identity
  "expiresInDays",
  "legalName",
  "dateOfBirth",
  "addressLine",
  "city",
  "postcode",
  "country",
  "decision",
  "reference",
  "__proto__",
  "constructor",
  "extra",
];

const MALFORMED_JSON = [
  "{",
  '{"amount":',
  "[1,2",
  "nul",
  "{'amount': 1}",
  '{"a":1}trailing',
  "{}}",
  '{"amount": 1e999999}',
  "\u0000",
  '"\\ud800"',
  "undefined",
  "NaN",
];

function arbitraries(realIds: string[]) {
  const realId = fc.constantFrom(...realIds);
  const hugeString = fc.constantFrom("x".repeat(HUGE), "é".repeat(HUGE / 2), "🎟".repeat(HUGE / 4));
  const nastyString = fc.oneof(
    { weight: 4, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
    {
      weight: 4,
      arbitrary: fc.constantFrom(
        "",
        " ",
        "null",
        "NaN",
        "-1",
        "1e309",
        "0x10",
        "<script>alert(1)</script>",
        `'; DROP TABLE "User"; --`,
        "\u0000",
        "\ud800",
        "../../etc/passwd",
        "admin@example.com",
        "USDT",
        "active",
        "cancelled",
      ),
    },
    { weight: 1, arbitrary: fc.string({ unit: "binary", minLength: 1000, maxLength: 5000 }) },
    { weight: 1, arbitrary: hugeString },
  );
  const amountish = fc.oneof(
    fc.constantFrom(-1, 0, -0, 0.0001, 1.5, 1e308, -1e308, 2 ** 53 + 2, Number.NaN, Number.POSITIVE_INFINITY, -Infinity),
    fc.integer(),
    fc.double(),
    fc.constantFrom("-10", "abc", "1e5", "10.0001", " 5 ", "NaN", "Infinity", "0", "-0", "1,000", "٣", "0.1.2", "10"),
  );
  const { value } = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      nastyString,
      amountish,
      fc.boolean(),
      fc.constant(null),
      realId,
      fc.array(tie("value"), { maxLength: 3 }),
      fc.dictionary(fc.constantFrom(...FIELDS), tie("value"), { maxKeys: 3 }),
    ),
  }));
  const fieldObject = fc.dictionary(fc.constantFrom(...FIELDS), value, { maxKeys: 6 });
  // Near-valid objects: plausible values for each field (real ids, right types, edge amounts), so
  // requests get past the schemas and into the services' own refusals (409 sold out / no balance,
  // 404 unknown id, 401 wrong password...), where a half-done write would show in the snapshot.
  const smallText = fc.oneof(fc.string({ unit: "grapheme", minLength: 1, maxLength: 20 }), nastyString);
  const nearValid = fc.record(
    {
      email: fc.constantFrom("player-bad@example.com", "victim@example.com", "nobody@example.com", "not-an-email"),
      password: fc.constantFrom("password123", "short", "wrong-password-1"),
      currentPassword: fc.constantFrom("password123", "wrong-password-1"),
      newPassword: fc.constantFrom("password456", "x"),
      confirmPassword: fc.constantFrom("password456", "password123"),
      firstName: smallText,
      lastName: smallText,
      securityAnswer: fc.constantFrom("rex", "cat", ""),
      contestId: fc.oneof(realId, smallText),
      quantity: fc.oneof(fc.integer({ min: -3, max: 300 }), amountish),
      items: fc.array(fc.record({ contestId: realId, quantity: fc.integer({ min: -1, max: 200 }) }), { maxLength: 3 }),
      amount: fc.constantFrom("10", "0.5", "-1", "1000000000", "10.001", "abc", 10),
      currency: fc.constantFrom("USD", "EUR"),
      cryptoCurrency: fc.constantFrom("BTC", "USDT", "DOGE"),
      isPaid: fc.boolean(),
      isAdmin: fc.boolean(),
      status: fc.constantFrom("active", "ended", "cancelled", "bogus"),
      reason: smallText,
      message: smallText,
      userId: realId,
      id: realId,
      trackId: realId,
      clientSeed: smallText,
      limit: fc.oneof(fc.integer({ min: -5, max: 500 }), amountish),
    },
    { requiredKeys: [] },
  );
  const input = fc.oneof(
    { weight: 4, arbitrary: fieldObject },
    { weight: 4, arbitrary: nearValid },
    { weight: 1, arbitrary: fc.constantFrom(undefined, null, 0, -1, "", "x", true) },
    { weight: 1, arbitrary: fc.array(fieldObject, { maxLength: 3 }) },
    { weight: 1, arbitrary: value },
  );
  const segment = fc.oneof(
    { weight: 3, arbitrary: realId },
    { weight: 3, arbitrary: fc.string({ unit: "grapheme", minLength: 1, maxLength: 30 }).map(enc) },
    {
      weight: 2,
      arbitrary: fc.constantFrom("%E0%A4%A", "%", "%zz", "%C0%AF", "null", "0", "-1", "NaN", "%2F", "%00", "' OR 1=1 --"),
    },
    { weight: 1, arbitrary: fc.constant("a".repeat(HUGE)) },
  );
  const body: fc.Arbitrary<Body> = fc.oneof(
    { weight: 1, arbitrary: fc.constant({ kind: "none" as const }) },
    { weight: 6, arbitrary: input.map((value) => ({ kind: "json" as const, value })) },
    {
      weight: 2,
      arbitrary: fc
        .oneof(fc.constantFrom(...MALFORMED_JSON), fc.string({ unit: "grapheme", maxLength: 30 }))
        .filter((text) => {
          try {
            const v = JSON.parse(text);
            return !v || typeof v !== "object" || Array.isArray(v);
          } catch {
            return true;
          }
        })
        .map((text) => ({ kind: "raw" as const, text, wellFormed: false as const })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom<Body>(
        { kind: "raw", text: JSON.stringify({ message: "x".repeat(HUGE) }), wellFormed: false },
        { kind: "raw", text: '{"amount": 10}', contentType: "text/plain", wellFormed: false },
        { kind: "raw", text: "amount=10", contentType: "application/x-www-form-urlencoded", wellFormed: false },
      ),
    },
  );
  const query = fc.option(
    fc
      .tuple(
        fc.constantFrom("search", "category", "limit", "page", "id"),
        nastyString.filter((s) => s.length < 2000),
      )
      .map(([k, v]) => `?${k}=${enc(v)}`),
    { nil: "" },
  );
  return { input, segment, body, query, role: fc.constantFrom<Role>(...ROLES), realId };
}

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
  await trackWrites(t.db);
});
afterAll(() => t.close());

describe(`bad input on every documented path (${dbKind()})`, () => {
  let users: Record<Exclude<Role, "anonymous">, User>;
  let realIds: string[];

  beforeAll(async () => {
    delete process.env.OXAPAY_MERCHANT_API_KEY;
    delete process.env.AUTO_APPROVE_PAID;
    // The sandbox's key is generated once per installation (an AppSetting row): create it now, so
    // the first payment request under test does not count as a change.
    await sandboxWebhookKey(t.db);
    users = {
      player: await createUser(t.db, { email: "player-bad@example.com", balance: "20" }),
      admin: await createUser(t.db, { email: "admin-bad@example.com", role: "owner" }),
    };
    const victim = await createUser(t.db, { email: "victim@example.com", balance: "5" });
    const contest = await createContest(t.db, { title: "Target", maxTickets: 100 });
    const payment = await t.db.payment.create({
      data: {
        userId: users.player.id,
        amount: "10",
        cryptoCurrency: "BTC",
        provider: "sandbox",
        trackId: "bad-input-track",
        payLink: "/pay/bad-input-track",
      },
    });
    const note = await t.db.notification.create({ data: { userId: users.player.id, title: "Hi", message: "Hello" } });
    const post = await t.db.winnerPost.create({
      data: {
        title: "Won",
        description: "A win",
        winnerName: "W",
        winnerId: victim.id,
        contestId: contest.id,
        contestTitle: "Target",
        winDate: new Date(),
      },
    });
    await t.db.supportMessage.create({ data: { userId: victim.id, senderId: victim.id, message: "help" } });
    // Never the player's or admin's own id: a valid toggle-admin on them would change the roles under test.
    realIds = [victim.id, contest.id, payment.id, note.id, post.id, payment.trackId];
  });

  const cookies = new Map<Role, string>();
  async function cookieFor(role: Role): Promise<string | undefined> {
    if (role === "anonymous") return undefined;
    let cookie = cookies.get(role);
    if (!cookie) {
      cookie = `${SESSION_COOKIE}=${(await createSession(t.db, users[role].id)).token}`;
      cookies.set(role, cookie);
    }
    return cookie;
  }
  /** After an accepted call the session may be gone (logout, password change): use a new one next time. */
  const forgetSession = (role: Role) => cookies.delete(role);

  it(
    "every REST row: 2xx or 4xx with a JSON message, never 5xx; a 4xx changes nothing",
    async () => {
      const arb = arbitraries(realIds);
      const seen = new Map<string, Set<number>>();
      for (const route of restRoutes) {
        const key = `${route.method} ${route.path}`;
        // Gateway webhooks: raw rows that check a signature before anything else.
        const webhook = route.raw !== undefined && route.path.endsWith("/webhook");
        const statuses = new Set<number>();
        seen.set(key, statuses);
        const params = route.path.split("/").filter((s) => s.startsWith(":"));
        await fc.assert(
          fc.asyncProperty(
            arb.role,
            fc.array(arb.segment, { minLength: params.length, maxLength: params.length }),
            arb.body,
            arb.query,
            fc.constantFrom(undefined, "", "deadbeef", "a".repeat(128)),
            async (role, segments, body, query, hmac) => {
              let i = 0;
              const path = route.path
                .split("/")
                .map((s) => (s.startsWith(":") ? segments[i++] : s))
                .join("/");
              const headers = new Headers();
              const cookie = await cookieFor(role);
              if (cookie) headers.set("cookie", cookie);
              if (hmac !== undefined) headers.set("hmac", hmac);
              let text: string | undefined;
              let wellFormed = true;
              // GET requests cannot carry a body; their garbage goes in the path and the query instead.
              if (route.method !== "GET" && body.kind === "json") text = JSON.stringify(body.value);
              if (route.method !== "GET" && body.kind === "raw") text = body.text;
              if (text !== undefined) {
                headers.set("content-type", body.kind === "raw" && body.contentType ? body.contentType : "application/json");
                headers.set("content-length", String(Buffer.byteLength(text)));
                if (body.kind === "raw" || Buffer.byteLength(text) > BODY_LIMITS.rest) wellFormed = false;
                if (body.kind === "json" && (!body.value || typeof body.value !== "object" || Array.isArray(body.value)))
                  wellFormed = false;
              }
              if (segments.some((s) => s === undefined || isDotSegment(s) || !isDecodable(s))) wellFormed = false;

              const before = await snapshotDb(t);
              const res = await handleRestRequest(
                new Request(`http://localhost:3000${path}${route.method === "GET" ? query : ""}`, {
                  method: route.method,
                  headers,
                  body: text,
                }),
              );
              const raw = await res.text();
              statuses.add(res.status);
              if (res.status < 400) forgetSession(role);
              const where = `${key} as ${role} → ${res.status} ${raw.slice(0, 200)}`;
              // A request the document describes (no query parameter it does not name) gets an answer
              // the document lists, with a body that matches it (tests/helpers/contract.ts).
              const queryName = query ? query.slice(1).split("=")[0] : undefined;
              if (wellFormed && (queryName === undefined || route.method !== "GET" || route.doc.query?.includes(queryName))) {
                const type = res.headers.get("content-type");
                const json = type?.includes("application/json") && raw ? JSON.parse(raw) : null;
                assertMatchesDocument(route.method, new URL(path, "http://localhost").pathname, res.status, type, json);
              }

              expect(res.status, where).toBeLessThan(500);
              if (key === "GET /api/login") {
                expect(res.status, where).toBe(302);
                return;
              }
              expect([2, 4], where).toContain(Math.floor(res.status / 100));
              if (res.status >= 400) {
                expect(res.headers.get("content-type"), where).toMatch(/^application\/json/);
                const json = JSON.parse(raw) as { message?: unknown };
                expect(typeof json.message, where).toBe("string");
                expect((json.message as string).length, where).toBeGreaterThan(0);
                expect(changedTables(before, await snapshotDb(t)), where).toEqual([]);
              } else if (route.doc.response) {
                // A row that declares another answer (CSV exports, the entry-list file) answers that type.
                expect(res.headers.get("content-type"), where).toContain(route.doc.response.contentType);
              } else if (!webhook) {
                expect(() => JSON.parse(raw), where).not.toThrow();
              }
              if (webhook) {
                // Nothing the generator sends is signed with the sandbox secret.
                // The limit counts bytes, not characters ("é" is two).
                const tooLarge = text !== undefined && Buffer.byteLength(text) > BODY_LIMITS.webhook;
                expect(res.status, where).toBe(tooLarge ? 413 : 401);
              } else if (wellFormed && role === "anonymous" && route.doc.access !== "public") {
                expect(res.status, where).toBe(401);
              } else if (wellFormed && role === "player" && route.doc.access === "admin") {
                expect(res.status, where).toBe(403);
              }
            },
          ),
          {
            numRuns: NUM_RUNS,
            seed: SEED,
            examples: ROLES.map((r): [Role, string[], Body, string, string | undefined] => [
              r,
              params.map(() => realIds[0] ?? ""),
              { kind: "json", value: {} },
              "",
              undefined,
            ]),
          },
        );
      }
      // Every row was exercised. Public GET rows without parameters (path or query) ignore the garbage
      // query and always answer 200 (GET /api/login always redirects); every other row refused something
      // (a public paged row may or may not have met a garbage ?limit or ?cursor).
      expect([...seen.keys()].sort()).toEqual(restRoutes.map((r) => `${r.method} ${r.path}`).sort());
      if (process.env.BAD_INPUT_VERBOSE) console.log([...seen].map(([k, v]) => `${k}: ${[...v].sort().join(" ")}`).join("\n"));
      const access = new Map(restRoutes.map((r) => [`${r.method} ${r.path}`, r.doc.access]));
      const takesQuery = new Set(restRoutes.filter((r) => r.doc.query?.length).map((r) => `${r.method} ${r.path}`));
      for (const [key, statuses] of seen) {
        const [method, path] = key.split(" ") as [string, string];
        // A public paged row answers 200 or refuses a garbage ?limit/?cursor, by chance of the generator.
        if (method === "GET" && access.get(key) === "public" && !path.includes(":") && takesQuery.has(key)) continue;
        if (method === "GET" && access.get(key) === "public" && !path.includes(":")) {
          expect([...statuses], key).toEqual([key === "GET /api/login" ? 302 : 200]);
        } else {
          expect(
            [...statuses].some((s) => s >= 400),
            key,
          ).toBe(true);
        }
      }
    },
    TIMEOUT,
  );

  it(
    "every tRPC procedure: a 4xx TRPCError with a message or a result, never 5xx; a 4xx changes nothing",
    async () => {
      const arb = arbitraries(realIds);
      const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: string; meta?: ProcedureMeta } }>;
      const paths = Object.keys(procedures);
      expect(paths.length).toBeGreaterThan(40);
      const procStatuses = new Map(paths.map((p) => [p, new Set<number>()]));
      for (const path of paths) {
        const { type, meta } = procedures[path]!._def;
        expect(meta?.access, `${path} is built from publicProcedure, authedProcedure or adminProcedure`).toBeDefined();
        await fc.assert(
          fc.asyncProperty(arb.role, arb.input, async (role, input) => {
            const headers = new Headers();
            const cookie = await cookieFor(role);
            if (cookie) headers.set("cookie", cookie);
            const abort = new AbortController();
            const caller = createCaller(await createContextInner({ db: t.db, headers }), { signal: abort.signal });
            const fn = path.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], caller) as (
              i: unknown,
            ) => Promise<unknown>;
            const before = await snapshotDb(t);
            let status = 200;
            let message = "";
            try {
              const result = await fn(input);
              // A subscription that was allowed: leave it at once (never iterate it).
              if (type === "subscription") {
                abort.abort();
                await (result as AsyncIterator<unknown>)?.return?.();
              }
            } catch (error) {
              expect(error, path).toBeInstanceOf(TRPCError);
              status = getHTTPStatusCodeFromError(error as TRPCError);
              message = (error as TRPCError).message;
              if (status >= 500) throw new Error(`${path} as ${role} → ${status}: ${(error as Error).cause ?? message}`);
            }
            if (status < 400) forgetSession(role);
            procStatuses.get(path)?.add(status);
            const where = `${path} (${type}) as ${role} → ${status} ${message.slice(0, 200)}`;
            expect(status, where).toBeLessThan(500);
            if (status >= 400) {
              expect(message.length, where).toBeGreaterThan(0);
              expect(changedTables(before, await snapshotDb(t)), where).toEqual([]);
            }
            if (role === "anonymous" && meta?.access !== "public") expect(status, where).toBe(401);
            if (role === "player" && meta?.access === "admin") expect(status, where).toBe(403);
          }),
          { numRuns: NUM_RUNS, seed: SEED, examples: ROLES.map((r): [Role, unknown] => [r, {}]) },
        );
      }
      if (process.env.BAD_INPUT_VERBOSE) {
        console.log([...procStatuses].map(([k, v]) => `${k}: ${[...v].sort().join(" ")}`).join("\n"));
      }
    },
    TIMEOUT,
  );

  it("the ledger invariants still hold after all of it", async () => {
    expect(await checkLedgerInvariants(t.db)).toEqual([]);
  });
});

/** encodeURIComponent that survives lone surrogates (they become U+FFFD, as a browser would send). */
function enc(s: string): string {
  return encodeURIComponent(Buffer.from(s, "utf8").toString("utf8"));
}

/**
 * "." and ".." (also as %2e) are path navigation, resolved away by the URL parser before a request
 * reaches the server: /api/admin/review/./credit arrives as /api/admin/review/credit, another path.
 */
function isDotSegment(segment: string): boolean {
  return /^(\.|%2e){1,2}$/i.test(segment);
}

/** What the router takes as a path parameter (src/server/rest/table.ts): a valid escape, and no NUL once decoded. */
function isDecodable(segment: string): boolean {
  try {
    return !decodeURIComponent(segment).includes("\u0000");
  } catch {
    return false;
  }
}

/**
 * Attacks that are not random garbage but crafted (docs/security.md): each one cost the old server
 * seconds to hours of event-loop time, or leaked internals. Every one must now answer a quick 4xx.
 */
describe(`crafted attacks (${dbKind()})`, () => {
  let admin: User;
  beforeAll(async () => {
    admin = await createUser(t.db, { email: "admin-attacks@example.com", role: "owner" });
  });

  const trpcUrl = (path: string, input: unknown, batch = false) =>
    `http://localhost:3000/api/trpc/${path}?${batch ? "batch=1&" : ""}input=${encodeURIComponent(JSON.stringify(input))}`;
  const errorOf = async (res: Response) => {
    const body = (await res.json()) as
      | { error?: { json?: { message?: string } } }
      | { error?: { json?: { message?: string } } }[];
    const one = Array.isArray(body) ? body[0] : body;
    return one?.error?.json?.message ?? "";
  };

  /** A superjson payload (dedupe: true) describing a graph in which each level points twice at the next. */
  function referenceGraph(depth: number) {
    let node: Record<string, unknown> = { leaf: "x" };
    for (let i = 0; i < depth; i++) node = { a: node, b: node };
    const payload = new SuperJSON({ dedupe: true }).serialize(node);
    expect(payload.meta?.referentialEqualities).toBeTruthy();
    return payload;
  }

  it("a superjson reference graph (2^40 paths in 4 KB) is refused at once, GET, batch and POST alike", async () => {
    const graph = referenceGraph(40);
    expect(JSON.stringify(graph).length).toBeLessThan(5000);
    const single = await trpcGet(new Request(trpcUrl("contests.list", graph)));
    expect(single.status).toBe(400);
    expect(await errorOf(single)).toBe("Input must not contain shared references");
    const batch = await trpcGet(new Request(trpcUrl("contests.list,contests.list", { 0: graph, 1: graph }, true)));
    expect(batch.status).toBe(400);
    const post = await trpcPost(
      new Request("http://localhost:3000/api/trpc/auth.login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(graph),
      }),
    );
    expect(post.status).toBe(400);
  });

  it("an input with more than MAX_INPUT_NODES values is 413, without references too", async () => {
    const wide = { json: { items: Array.from({ length: MAX_INPUT_NODES + 1 }, () => 1) } };
    const res = await trpcPost(
      new Request("http://localhost:3000/api/trpc/auth.login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(wide),
      }),
    );
    expect(res.status).toBe(413);
    expect(await errorOf(res)).toBe("Input is too large");
  });

  it("a tRPC batch of more than MAX_TRPC_BATCH calls is 400; MAX_TRPC_BATCH calls are served", async () => {
    const paths = (n: number) => Array.from({ length: n }, () => "contests.list").join(",");
    const tooMany = await trpcGet(new Request(`http://localhost:3000/api/trpc/${paths(MAX_TRPC_BATCH + 1)}?batch=1&input={}`));
    expect(tooMany.status).toBe(400);
    const ok = await trpcGet(new Request(`http://localhost:3000/api/trpc/${paths(MAX_TRPC_BATCH)}?batch=1&input={}`));
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as unknown[]).length).toBe(MAX_TRPC_BATCH);
  });

  /** A body that arrives in chunks with no Content-Length (as a chunked upload does). */
  const streamed = (bytes: number) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        const chunk = new TextEncoder().encode(`{"a":"${"x".repeat(16 * 1024)}`);
        for (let sent = 0; sent < bytes; sent += chunk.byteLength) controller.enqueue(chunk);
        controller.close();
      },
    });

  it("oversized bodies are 413 from Content-Length and while streaming: REST, tRPC and webhook", async () => {
    const bigHeader = { "content-type": "application/json", "content-length": String(BODY_LIMITS.trpc + 1) };
    for (const [path, limit] of [
      ["/api/auth/login", BODY_LIMITS.rest],
      ["/api/payments/webhook", BODY_LIMITS.webhook],
    ] as const) {
      const declared = await handleRestRequest(
        new Request(`http://localhost:3000${path}`, { method: "POST", headers: bigHeader, body: "{}" }),
      );
      expect(declared.status, path).toBe(413);
      const chunked = await handleRestRequest(
        new Request(`http://localhost:3000${path}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: streamed(limit * 4),
          duplex: "half",
        } as RequestInit),
      );
      expect(chunked.status, path).toBe(413);
      expect(((await chunked.json()) as { message: string }).message).toBe("Request body is too large");
    }
    const trpcDeclared = await trpcPost(
      new Request("http://localhost:3000/api/trpc/auth.login", { method: "POST", headers: bigHeader, body: "{}" }),
    );
    expect(trpcDeclared.status).toBe(413);
    const trpcChunked = await trpcPost(
      new Request("http://localhost:3000/api/trpc/auth.login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: streamed(BODY_LIMITS.trpc * 2),
        duplex: "half",
      } as RequestInit),
    );
    expect(trpcChunked.status).toBe(413);
  });

  it("malformed input answers without parser internals", async () => {
    const res = await trpcPost(
      new Request("http://localhost:3000/api/trpc/auth.login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: '{"json": {"email": ',
      }),
    );
    expect(res.status).toBe(400);
    const message = await errorOf(res);
    expect(message).toBe("Malformed input");
    const get = await trpcGet(new Request("http://localhost:3000/api/trpc/contests.list?input=%7B%22json%22"));
    expect(get.status).toBe(400);
    expect(await errorOf(get)).not.toMatch(/JSON|position|token/i);
  });

  it("a malformed path is 400 and an integer beyond its column is 400 (never 500)", async () => {
    const path = await handleRestRequest(new Request("http://localhost:3000/api/contests/%FF"));
    expect(path.status).toBe(400);
    const before = await snapshotDb(t);
    const created = await rest(t.db, "POST", "/api/admin/contests", {
      user: admin,
      body: {
        title: "Huge",
        description: "Too many tickets",
        price: "1",
        prizeValue: "10",
        category: "Cash",
        endDate: new Date(Date.now() + 86_400_000).toISOString(),
        maxTickets: 1e10,
      },
    });
    expect(created.status).toBe(400);
    expect(created.body.message).toContain("Max tickets must be at most 2147483647");
    expect(changedTables(before, await snapshotDb(t)).filter((n) => n !== "Session")).toEqual([]);
  });
});

describe("the production server's guard (src/server/edge/request-guard.mjs)", () => {
  /** A node:http server like src/server/edge/server.mjs: the guard first, then an app that answers 200. */
  async function serve(opts: { cap?: number; options?: http.ServerOptions } = {}) {
    const headers = baseSecurityHeaders({ production: true, hsts: true });
    const server = http.createServer({ ...SERVER_OPTIONS, ...opts.options }, (req, res) => {
      if (refuseMalformedRequest(req, res, headers)) return;
      res.end("app");
    });
    guardServer(server, headers, opts.cap ?? 0);
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const { port } = server.address() as AddressInfo;
    return { port, close: () => new Promise<void>((r) => server.close(() => r())) };
  }

  /** One raw request (so malformed paths and odd methods reach the server as written). */
  function raw(port: number, head: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, "127.0.0.1", () => socket.write(head));
      let data = "";
      socket.on("data", (d) => {
        data += d.toString();
      });
      socket.on("end", () => resolve(data));
      socket.on("error", reject);
    });
  }

  it("has no header list of its own: the edge's server and Next's proxy take baseSecurityHeaders from one module", () => {
    const server = readFileSync("src/server/edge/server.mjs", "utf8");
    expect(server).toMatch(/const refusedHeaders = baseSecurityHeaders\(/);
    expect(readFileSync("src/server/edge/request-guard.mjs", "utf8")).not.toMatch(
      /"x-content-type-options"|"strict-transport-security"/,
    );
    expect(readFileSync("src/server/security/headers.ts", "utf8")).not.toMatch(
      /"x-content-type-options"|"strict-transport-security"/,
    );
    expect(baseSecurityHeaders({ production: false, hsts: true })["strict-transport-security"]).toBeUndefined();
  });

  it("malformed paths are 400 and odd methods 405, with the security headers; good paths reach the app", async () => {
    const s = await serve();
    try {
      for (const path of ["/api/contests/%FF", "/contest/%FF", "/%0a/x", "/login%09x", "/%E0%A4%A", "http://evil.example/"]) {
        const answer = await raw(s.port, `GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
        expect(answer, path).toMatch(/^HTTP\/1\.1 400 /);
        expect(answer, path).toContain('{"message":"Malformed URL path"}');
        expect(answer.toLowerCase(), path).toContain("x-content-type-options: nosniff");
        expect(answer.toLowerCase(), path).toContain("x-frame-options: deny");
        expect(answer.toLowerCase(), path).toContain("strict-transport-security: max-age=63072000");
      }
      for (const method of ["TRACE", "TRACK", "CONNECT", "PROPFIND"]) {
        const target = method === "CONNECT" ? "x:443" : "/";
        const answer = await raw(s.port, `${method} ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
        // Node's parser refuses methods it does not know (TRACK, PROPFIND) itself: 400, still with the headers.
        expect(answer, method).toMatch(/^HTTP\/1\.1 (405|400) /);
        if (answer.includes(" 405 "))
          expect(answer.toLowerCase(), method).toContain("allow: get, head, post, put, delete, options");
        expect(answer.toLowerCase(), method).toContain("x-content-type-options: nosniff");
      }
      for (const path of ["/", "/contest/abc", "/%E3%80%82/evil.example", "/api/contests?x=%FF"]) {
        const answer = await raw(s.port, `GET ${path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
        expect(answer, path).toMatch(/^HTTP\/1\.1 200 /);
      }
    } finally {
      await s.close();
    }
  });

  it("a trickled request head is cut off (at most 15 s in production); connections per IP are capped", async () => {
    expect(SERVER_OPTIONS.headersTimeout).toBeLessThanOrEqual(15_000);
    expect(connectionCapFromEnv({}, 0)).toBe(64);
    expect(connectionCapFromEnv({}, 1)).toBe(0);
    expect(connectionCapFromEnv({ MAX_CONNECTIONS_PER_IP: "10" }, 1)).toBe(10);
    // The same mechanism with a 1 s head time-out: one header byte every 200 ms is not enough.
    const s = await serve({
      cap: 3,
      options: { headersTimeout: 1_000, requestTimeout: 2_000, connectionsCheckingInterval: 100 },
    });
    try {
      const started = Date.now();
      const closed = await new Promise<string>((resolve) => {
        const socket = net.connect(s.port, "127.0.0.1", () => socket.write("GET / HTTP/1.1\r\nHost: x\r\n"));
        let data = "";
        const timer = setInterval(() => socket.write("X"), 200);
        socket.on("data", (d) => {
          data += d.toString();
        });
        socket.on("close", () => {
          clearInterval(timer);
          resolve(data);
        });
        socket.on("error", () => {});
      });
      expect(closed).toMatch(/^HTTP\/1\.1 408 /);
      expect(closed.toLowerCase()).toContain("x-content-type-options: nosniff");
      expect(Date.now() - started).toBeLessThan(5_000);

      // Three open connections from one address are served; the fourth is refused at once.
      const held = await Promise.all(
        Array.from(
          { length: 3 },
          () =>
            new Promise<net.Socket>((r) => {
              const c = net.connect(s.port, "127.0.0.1", () => r(c));
            }),
        ),
      );
      await new Promise((r) => setTimeout(r, 50));
      const fourth = await raw(s.port, "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
      expect(fourth).toMatch(/^HTTP\/1\.1 503 /);
      for (const c of held) c.destroy();
      await new Promise((r) => setTimeout(r, 50));
      expect(await raw(s.port, "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")).toMatch(/^HTTP\/1\.1 200 /);
    } finally {
      await s.close();
    }
  });
});
