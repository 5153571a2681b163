import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { GET as trpcGet, POST as trpcPost } from "../../src/app/api/trpc/[trpc]/route";
import { clientIp } from "../../src/server/api/context";
import { createLogger, swapLogger } from "../../src/server/platform/logger";
import { logPageRequest } from "../../src/server/ops/page-log";
import { requestIdFrom } from "../../src/server/ops/request-log";
import { SESSION_COOKIE } from "../../src/shared/constants";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { createUser, FIXTURE_PASSWORD, rest } from "../helpers/fixtures";

/** Every JSON line the app logs while a test runs. */
function captureLogs() {
  const lines: string[] = [];
  const restore = swapLogger(createLogger({ level: "info", destination: { write: (s: string) => void lines.push(s) } }));
  return {
    lines,
    restore,
    text: () => lines.join(""),
    requests: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.msg === "request"),
  };
}

const tokenFrom = (headers: Headers) => headers.get("set-cookie")?.match(new RegExp(`${SESSION_COOKIE}=([^;]+)`))?.[1] ?? "";

describe(`request ids and request logs (${dbKind()})`, () => {
  let t: TestDb;
  let logs: ReturnType<typeof captureLogs>;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(() => t.close());
  afterEach(() => logs?.restore());

  it("a REST login is logged once with its request id and user, never its password or session token", async () => {
    const password = FIXTURE_PASSWORD;
    const user = await createUser(t.db, { email: "logged@example.com" });
    logs = captureLogs();
    const login = await rest(t.db, "POST", "/api/auth/login", {
      body: { email: user.email, password },
      headers: { "x-request-id": "client-req-0001" },
    });
    expect(login.status).toBe(200);
    expect(login.headers.get("x-request-id")).toBe("client-req-0001");
    const token = tokenFrom(login.headers);
    expect(token.length).toBeGreaterThan(10);

    // A signed-in request with the cookie: logged with the user id, the cookie itself never.
    const me = await rest(t.db, "GET", "/api/auth/user", { token });
    expect(me.status).toBe(200);
    const meId = me.headers.get("x-request-id");
    expect(meId).toMatch(/^[0-9a-f-]{36}$/);

    const requests = logs.requests();
    expect(requests).toHaveLength(2);
    expect(requests[0]).toMatchObject({ requestId: "client-req-0001", method: "POST", path: "/api/auth/login", status: 200 });
    expect(typeof requests[0]?.ms).toBe("number");
    expect(requests[1]).toMatchObject({ requestId: meId, method: "GET", path: "/api/auth/user", status: 200, userId: user.id });
    const text = logs.text();
    expect(text).not.toContain(password);
    expect(text).not.toContain(token);
  });

  it("a wrong login is logged with its status, without the password tried", async () => {
    const user = await createUser(t.db, { email: "wrong@example.com" });
    logs = captureLogs();
    const res = await rest(t.db, "POST", "/api/auth/login", { body: { email: user.email, password: "Typo-Passw0rd-xyz" } });
    expect(res.status).toBe(401);
    expect(logs.requests()).toEqual([
      expect.objectContaining({ status: 401, path: "/api/auth/login", requestId: res.headers.get("x-request-id") }),
    ]);
    expect(logs.text()).not.toContain("Typo-Passw0rd-xyz");
  });

  it("the tRPC route logs one line per request with its id; neither password nor token appear", async () => {
    const password = FIXTURE_PASSWORD;
    const user = await createUser(t.db, { email: "trpc-log@example.com" });
    logs = captureLogs();
    const body = JSON.stringify({ json: { email: user.email, password } });
    const login = await trpcPost(
      new Request("http://localhost:3000/api/trpc/auth.login", {
        method: "POST",
        headers: { "content-type": "application/json", "content-length": String(Buffer.byteLength(body)) },
        body,
      }),
    );
    expect(login.status).toBe(200);
    const loginId = login.headers.get("x-request-id");
    expect(loginId).toMatch(/^[0-9a-f-]{36}$/);
    const token = tokenFrom(login.headers);
    expect(token.length).toBeGreaterThan(10);

    const me = await trpcGet(
      new Request("http://localhost:3000/api/trpc/auth.me", {
        headers: { cookie: `${SESSION_COOKIE}=${token}`, "x-request-id": "bad id with spaces {forged}" },
      }),
    );
    expect(me.status).toBe(200);
    const meId = me.headers.get("x-request-id");
    expect(meId).toMatch(/^[0-9a-f-]{36}$/); // a malformed incoming id is replaced

    const requests = logs.requests();
    expect(requests).toEqual([
      expect.objectContaining({ requestId: loginId, method: "POST", path: "/api/trpc/auth.login", status: 200 }),
      expect.objectContaining({ requestId: meId, method: "GET", path: "/api/trpc/auth.me", status: 200, userId: user.id }),
    ]);
    expect(logs.text()).not.toContain(password);
    expect(logs.text()).not.toContain(token);
  });

  it("page requests get the same log line (path without query, status, id echoed); API and asset paths are left to their own logs", async () => {
    logs = captureLogs();
    const server = http.createServer((req, res) => {
      logPageRequest(req, res);
      if (req.url?.startsWith("/slow")) return; // never answers: the client gives up
      res.statusCode = req.url?.startsWith("/missing") ? 404 : 200;
      res.end("<html></html>");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    let missingId: string | null = null;
    try {
      const page = await fetch(`${base}/contests/abc?token=secret-in-query`, { headers: { "x-request-id": "page-req-0001" } });
      expect(page.headers.get("x-request-id")).toBe("page-req-0001");
      await page.text();
      const missing = await fetch(`${base}/missing-page`);
      missingId = missing.headers.get("x-request-id");
      await missing.text();
      for (const p of ["/api/contests", "/_next/static/chunks/a.js", "/favicon.ico"]) {
        const res = await fetch(`${base}${p}`);
        expect(res.headers.get("x-request-id"), p).toBeNull();
        await res.text();
      }
      await fetch(`${base}/slow`, { signal: AbortSignal.timeout(200) }).catch(() => undefined);
      await expect.poll(() => logs.requests().length).toBe(3);
    } finally {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    }
    expect(logs.requests()).toEqual([
      expect.objectContaining({ requestId: "page-req-0001", method: "GET", path: "/contests/abc", status: 200 }),
      expect.objectContaining({ requestId: missingId, method: "GET", path: "/missing-page", status: 404 }),
      expect.objectContaining({ method: "GET", path: "/slow", status: 499 }),
    ]);
    expect(logs.text()).not.toContain("secret-in-query");
  });

  it("keeps only well-formed incoming request ids", () => {
    expect(requestIdFrom(new Headers({ "x-request-id": "abc-123_DEF.45:6" }))).toBe("abc-123_DEF.45:6");
    for (const bad of ["short", "x".repeat(129), "has space 123", 'quote"123456', "{json:1234567}"]) {
      expect(requestIdFrom(new Headers({ "x-request-id": bad }))).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

describe("client address", () => {
  it("with no trusted proxy, the last X-Forwarded-For entry (the socket, written by src/server/edge/server.mjs) counts", () => {
    expect(clientIp(new Headers({ "x-forwarded-for": "198.51.100.9" }), 0)).toBe("198.51.100.9");
    expect(clientIp(new Headers({ "x-forwarded-for": "1.2.3.4, 198.51.100.9" }), 0)).toBe("198.51.100.9");
    expect(clientIp(new Headers({ "x-real-ip": "1.2.3.4" }), 0)).toBe("127.0.0.1");
  });

  it("with N trusted proxies, the entry N places before the socket counts; spoofed entries further left do not", () => {
    const h = new Headers({ "x-forwarded-for": "6.6.6.6, 203.0.113.5, 10.0.0.2" });
    expect(clientIp(h, 1)).toBe("203.0.113.5");
    expect(clientIp(new Headers({ "x-forwarded-for": "6.6.6.6, 203.0.113.5, 10.0.0.3, 10.0.0.2" }), 2)).toBe("203.0.113.5");
    // Fewer entries than hops: the leftmost is the best there is.
    expect(clientIp(new Headers({ "x-forwarded-for": "10.0.0.2" }), 3)).toBe("10.0.0.2");
  });
});
