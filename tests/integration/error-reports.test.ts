/**
 * Error reports (src/server/ops/error-reports.ts) against a receiver started here that speaks the
 * Sentry envelope protocol: it parses every envelope (header line, item header, event) as Sentry or
 * GlitchTip would. A server 500 and a browser's report each arrive once, with the request id, the
 * route and the build, and without the user's e-mail, password, cookie or address.
 */
import http from "node:http";
import type net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as clientErrors } from "../../src/app/api/client-errors/route";
import { flushErrorReports, scrubText } from "../../src/server/ops/error-reports";
import { createTestDb, type TestDb } from "../helpers/db";
import { createUser, FIXTURE_PASSWORD, rest } from "../helpers/fixtures";

type Envelope = { url: string; header: Record<string, unknown>; itemType: string; event: Record<string, any>; raw: string };

const received: Envelope[] = [];
let receiver: http.Server;
let dsn = "";

/** Parses one envelope body: newline-separated JSON, envelope header, then item header and payload pairs. */
function parseEnvelope(url: string, raw: string): Envelope {
  const [header, itemHeader, payload] = raw.split("\n").filter((l) => l.length > 0);
  const item = JSON.parse(itemHeader as string) as { type: string };
  return { url, header: JSON.parse(header as string), itemType: item.type, event: JSON.parse(payload as string), raw };
}

async function eventsAfter(count: number): Promise<Envelope[]> {
  await flushErrorReports(5_000);
  return received.slice(count).filter((e) => e.itemType === "event");
}

describe("error reports to a Sentry-protocol endpoint", () => {
  let t: TestDb;
  const saved = { dsn: process.env.SENTRY_DSN, env: process.env.SENTRY_ENVIRONMENT };

  beforeAll(async () => {
    t = await createTestDb();
    receiver = http.createServer((req, res) => {
      let raw = "";
      req.setEncoding("utf8");
      req.on("data", (d: string) => {
        raw += d;
      });
      req.on("end", () => {
        received.push(parseEnvelope(req.url ?? "", raw));
        res.writeHead(200, { "content-type": "application/json" });
        res.end("{}");
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    dsn = `http://publickey0123@127.0.0.1:${(receiver.address() as net.AddressInfo).port}/42`;
  });

  afterAll(async () => {
    process.env.SENTRY_DSN = saved.dsn ?? "";
    process.env.SENTRY_ENVIRONMENT = saved.env ?? "";
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver.close(resolve));
    await t.close();
  });

  it("a server 500 arrives once, with the request id and route, and none of the request's personal data", async () => {
    process.env.SENTRY_DSN = dsn;
    process.env.SENTRY_ENVIRONMENT = "staging";
    const user = await createUser(t.db, { email: "leaky.person@example.com" });
    const before = received.length;
    // A real failure: the table the login reads is gone, so the procedure throws a non-domain error.
    await t.db.$executeRawUnsafe(`ALTER TABLE "User" RENAME TO "User_away"`);
    let res: Awaited<ReturnType<typeof rest>>;
    try {
      res = await rest(t.db, "POST", "/api/auth/login", {
        body: { email: user.email, password: FIXTURE_PASSWORD },
        headers: {
          cookie: "session=secret-cookie-value",
          "x-forwarded-for": "203.0.113.77",
          "x-request-id": "req-test-500-abcdef",
        },
      });
    } finally {
      await t.db.$executeRawUnsafe(`ALTER TABLE "User_away" RENAME TO "User"`);
    }
    expect(res.status).toBe(500);
    expect(res.headers.get("x-request-id")).toBe("req-test-500-abcdef");

    const events = await eventsAfter(before);
    // Reported once although it passed the tRPC middleware and the REST adapter.
    expect(events).toHaveLength(1);
    const [envelope] = events as [Envelope];
    expect(envelope.url).toBe("/api/42/envelope/?sentry_version=7&sentry_key=publickey0123");
    expect(envelope.header).toMatchObject({ event_id: envelope.event.event_id });
    expect(envelope.event).toMatchObject({
      level: "error",
      platform: "node",
      environment: "staging",
      release: expect.stringMatching(/^prize-contests@\d+\.\d+\.\d+\+([0-9a-f]{12}|unknown)$/),
      tags: { request_id: "req-test-500-abcdef", route: "auth.login", source: "server" },
    });
    const exception = envelope.event.exception.values[0];
    expect(exception.stacktrace.frames.length).toBeGreaterThan(0);
    for (const secret of ["leaky.person", FIXTURE_PASSWORD, "secret-cookie-value", "203.0.113.77"])
      expect(envelope.raw, secret).not.toContain(secret);
    expect(envelope.event.user).toBeUndefined();
    expect(envelope.event.request).toBeUndefined();
  });

  it("a browser's report arrives with its request id and the page's path, the query and addresses left out", async () => {
    process.env.SENTRY_DSN = dsn;
    const before = received.length;
    const stack = [
      "TypeError: Cannot read properties of undefined (reading 'price')",
      "    at ContestCard (http://localhost:3000/_next/static/chunks/app/page-1a2b3c.js:1:2345)",
      "    at renderWithHooks (http://localhost:3000/_next/static/chunks/framework-9f8e.js:2:678)",
    ].join("\n");
    const res = await clientErrors(
      new Request("http://localhost:3000/api/client-errors", {
        method: "POST",
        headers: { "content-type": "application/json", "sec-fetch-site": "same-origin", "x-request-id": "req-browser-123456" },
        body: JSON.stringify({
          name: "TypeError",
          message: "Cannot read properties of undefined (reading 'price') for someone@example.org",
          stack,
          path: "/contest/abc?email=someone@example.org#x",
        }),
      }),
    );
    expect(res.status).toBe(204);
    expect(res.headers.get("x-request-id")).toBe("req-browser-123456");
    const events = await eventsAfter(before);
    expect(events).toHaveLength(1);
    const event = (events[0] as Envelope).event;
    expect(event).toMatchObject({
      platform: "javascript",
      tags: { request_id: "req-browser-123456", source: "browser", page: "/contest/abc" },
    });
    expect(event.exception.values[0]).toMatchObject({
      type: "TypeError",
      value: "Cannot read properties of undefined (reading 'price') for [email]",
    });
    expect(event.exception.values[0].stacktrace.frames.map((f: { function: string }) => f.function)).toEqual([
      "renderWithHooks",
      "ContestCard",
    ]);
    expect((events[0] as Envelope).raw).not.toContain("someone@example.org");

    // Another site's page may not post reports; nothing is forwarded.
    const cross = await clientErrors(
      new Request("http://localhost:3000/api/client-errors", {
        method: "POST",
        headers: { "content-type": "application/json", "sec-fetch-site": "cross-site" },
        body: JSON.stringify({ name: "Error", message: "spam", path: "/" }),
      }),
    );
    expect(cross.status).toBe(403);
    expect(await eventsAfter(before + 1)).toEqual([]);
  });

  it("sends nothing without SENTRY_DSN", async () => {
    process.env.SENTRY_DSN = "";
    const before = received.length;
    const res = await clientErrors(
      new Request("http://localhost:3000/api/client-errors", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ name: "Error", message: "quiet", path: "/" }),
      }),
    );
    expect(res.status).toBe(204);
    expect(await eventsAfter(before)).toEqual([]);
    expect(scrubText("mail a.b+c@d.co.uk now")).toBe("mail [email] now");
  });
});
