/**
 * The OpenAPI document as an integrator meets it: Redocly's recommended rules pass with no warning,
 * the committed client types (generated/rest-api.ts) are what openapi-typescript makes of the
 * document today, and a client built on them (openapi-fetch) calls five paths of the app over a real
 * socket with typed requests and typed answers. `tsc` checks the typed field reads below: with
 * empty response schemas every answer would be `unknown` and this file would not compile.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import createClient from "openapi-fetch";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REST_TYPES_FILE, restApiTypes } from "../../scripts/build/openapi";
import type { paths } from "../../generated/rest-api";
import { setDatabase } from "../../src/server/platform/db";
import { buildOpenApiDocument } from "../../src/server/rest/openapi";
import { handleRestRequest } from "../../src/server/rest/handler";
import { assertMatchesDocument } from "../helpers/contract";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { createContest, createUser, FIXTURE_PASSWORD } from "../helpers/fixtures";

/** The REST surface behind a real socket: any method, headers and body, as the app's route handler passes them. */
async function startApp(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
    const body = chunks.length ? Buffer.concat(chunks) : undefined;
    const answer = await handleRestRequest(new Request(`http://127.0.0.1${req.url}`, { method: req.method, headers, body }));
    res.statusCode = answer.status;
    for (const [k, v] of answer.headers) if (k !== "set-cookie") res.setHeader(k, v);
    // Each cookie its own header (login sets the session and the device cookie).
    if (answer.headers.getSetCookie().length) res.setHeader("set-cookie", answer.headers.getSetCookie());
    res.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) };
}

describe(`OpenAPI document for integrators (${dbKind()})`, () => {
  let t: TestDb;
  let app: { url: string; close: () => Promise<void> };
  beforeAll(async () => {
    t = await createTestDb();
    setDatabase(t);
    app = await startApp();
  });
  afterAll(async () => {
    await app.close();
    await t.close();
  });

  it("passes Redocly's recommended rules with no error and no warning (redocly.yaml)", () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "openapi-")), "openapi.json");
    fs.writeFileSync(file, JSON.stringify(buildOpenApiDocument()));
    const run = spawnSync(process.execPath, ["node_modules/@redocly/cli/bin/cli.js", "lint", file, "--format=json"], {
      encoding: "utf8",
      env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
    });
    const report = JSON.parse(run.stdout.slice(run.stdout.indexOf("{"))) as { totals: { errors: number; warnings: number } };
    expect(report.totals, run.stdout).toEqual(expect.objectContaining({ errors: 0, warnings: 0 }));
    expect(run.status).toBe(0);
  });

  it("every JSON row declares its answer, and every public operation says security: []", () => {
    const doc = buildOpenApiDocument() as { servers: unknown[]; paths: Record<string, Record<string, Record<string, unknown>>> };
    expect(doc.servers.length).toBeGreaterThan(0);
    for (const [p, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const ok = Object.entries(op.responses as Record<string, { content?: Record<string, { schema: object }> }>).find(
          ([s]) => s.startsWith("2") || s === "302",
        );
        const schema = Object.values(ok?.[1].content ?? {})[0]?.schema;
        expect(schema && Object.keys(schema).length > 0, `${method} ${p} answers with a schema`).toBe(true);
        if (op["x-access"] === "public") expect(op.security, `${method} ${p}`).toEqual([]);
        else expect(op.security, `${method} ${p}`).toEqual([{ session: [] }]);
      }
    }
  });

  it("the committed client types are what openapi-typescript makes of the document now", async () => {
    expect(fs.readFileSync(REST_TYPES_FILE, "utf8"), "run `npm run openapi -- types`").toBe(await restApiTypes());
  });

  it("a generated client (openapi-fetch) calls five paths with typed requests and answers", async () => {
    const contest = await createContest(t.db, { title: "Typed Client Car", ticketPrice: "2.50" });
    const user = await createUser(t.db, { balance: "10.00" });
    let cookie = "";
    const client = createClient<paths>({
      baseUrl: app.url,
      fetch: async (input: RequestInfo | URL, init?: RequestInit) => {
        const request = new Request(input, init);
        if (cookie) request.headers.set("cookie", cookie);
        const res = await fetch(request);
        const copy = res.clone();
        const text = await copy.text();
        const url = new URL(request.url);
        assertMatchesDocument(
          request.method,
          url.pathname,
          res.status,
          res.headers.get("content-type"),
          text ? JSON.parse(text) : null,
        );
        return res;
      },
    });

    // 1. Public list: an array of contests with typed fields.
    const list = await client.GET("/api/contests");
    expect(list.response.status).toBe(200);
    const listed = list.data?.find((c) => c.id === contest.id);
    expect(listed?.ticketPrice).toBe("2.50");
    expect(listed?.status satisfies "active" | "ended" | "cancelled" | undefined).toBe("active");

    // 2. A path parameter.
    const one = await client.GET("/api/contests/{id}", { params: { path: { id: contest.id } } });
    expect(one.data?.title).toBe("Typed Client Car");

    // 3. A typed JSON body; the answer is the union of signed in and two-factor pending.
    const login = await client.POST("/api/auth/login", { body: { email: user.email, password: FIXTURE_PASSWORD } });
    expect(login.response.status).toBe(200);
    expect(login.data && "user" in login.data ? login.data.user.email : undefined).toBe(user.email);
    cookie = (login.response.headers.getSetCookie() ?? []).map((c) => c.split(";")[0]).join("; ");

    // 4. Signed in: the session cookie the login set.
    const me = await client.GET("/api/auth/user");
    expect(me.data?.balance).toBe("10.00");
    expect(me.data?.isAdmin).toBe(false);

    // 5. A mutation with a body and a typed answer.
    const buy = await client.POST("/api/cart/add", { body: { contestId: contest.id, quantity: 2 } });
    expect(buy.error).toBeUndefined();
    expect(buy.data?.balance).toBe("5.00");
    expect(buy.data?.entries[0]?.firstTicket).toBe(1);

    // Errors are typed too: {message}.
    const missing = await client.GET("/api/contests/{id}", { params: { path: { id: "no-such-contest" } } });
    expect(missing.response.status).toBe(404);
    expect(typeof missing.error?.message).toBe("string");
  });
});
