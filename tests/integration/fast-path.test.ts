/**
 * The fast path of `npm start` (src/server/fast-path.ts) behind a real node:http server: what it
 * answers itself (a visitor's plain request for a prerendered page, the cached public REST reads)
 * and everything it must leave to Next, here a 599 "went to Next" stand-in. That Chromium gets the
 * same page as from Next is e2e/fast-path.spec.ts.
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFastPath, loadPrerenderedPages } from "../../src/server/fast-path";
import { SESSION_COOKIE } from "../../src/shared/constants";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { createContest, rest } from "../helpers/fixtures";

const WENT_TO_NEXT = 599;
const LANDING = "<!DOCTYPE html><html><body><h1>Landing</h1><script>self.__next_f=[]</script></body></html>";

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** node:http, not fetch: fetch asks for gzip and unpacks it, hiding what was sent. */
function request(
  base: string,
  urlPath: string,
  opts: { method?: string; headers?: Record<string, string> } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${urlPath}`, { method: opts.method ?? "GET", headers: opts.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

function fakeBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fast-path-build-"));
  fs.mkdirSync(path.join(dir, "server", "app"), { recursive: true });
  fs.writeFileSync(
    path.join(dir, "csp-hashes.json"),
    JSON.stringify({ "/": ["'sha256-landing='"], "/dream-car": ["'sha256-dream='"], "/dream-car-competition": ["'sha256-x='"] }),
  );
  const meta = { headers: { "x-nextjs-stale-time": "300", "x-nextjs-prerender": "1", "x-next-cache-tags": "_N_T_/layout" } };
  fs.writeFileSync(path.join(dir, "server", "app", "index.html"), LANDING);
  fs.writeFileSync(path.join(dir, "server", "app", "index.meta"), JSON.stringify(meta));
  fs.writeFileSync(path.join(dir, "server", "app", "dream-car.html"), "<html>dream</html>");
  fs.writeFileSync(path.join(dir, "server", "app", "dream-car.meta"), JSON.stringify(meta));
  // dream-car-competition has hashes but no file in this build: it stays with Next.
  return dir;
}

describe(`fast path of npm start (${dbKind()})`, () => {
  let t: TestDb;
  let server: http.Server;
  let base = "";
  let contestId = "";
  const buildDir = fakeBuild();

  beforeAll(async () => {
    t = await createTestDb();
    contestId = (await createContest(t.db, { title: "Fast Watch" })).id;
    const fastPath = createFastPath(loadPrerenderedPages(buildDir));
    server = http.createServer((req, res) => {
      fastPath(req, res).then((served) => {
        if (served) return;
        res.statusCode = WENT_TO_NEXT;
        res.end("next");
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    fs.rmSync(buildDir, { recursive: true, force: true });
    await t.close();
  });

  it("serves a visitor's prerendered page with the build's bytes, its CSP hashes and Next's cache headers", async () => {
    const res = await request(base, "/");
    expect(res.status).toBe(200);
    expect(res.body.toString()).toBe(LANDING);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-[^']+' 'sha256-landing='; /);
    expect(res.headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["x-frame-options"]).toBe("DENY");
    expect(res.headers["cache-control"]).toBe("s-maxage=31536000");
    expect(res.headers["x-nextjs-stale-time"]).toBe("300");
    expect(res.headers["x-next-cache-tags"]).toBeUndefined();
    expect(res.headers.vary).toContain("Accept-Encoding");
    expect(Number(res.headers["content-length"])).toBe(Buffer.byteLength(LANDING));

    const other = await request(base, "/dream-car");
    expect(other.body.toString()).toBe("<html>dream</html>");
    expect(other.headers["content-security-policy"]).toContain("'sha256-dream='");
    // A fresh nonce per answer, as src/proxy.ts gives.
    expect((await request(base, "/")).headers["content-security-policy"]).not.toBe(res.headers["content-security-policy"]);
  });

  it("gzips when asked, answers 304 to its ETag and HEAD without a body", async () => {
    const gz = await request(base, "/", { headers: { "accept-encoding": "gzip, deflate" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).toString()).toBe(LANDING);
    const etag = gz.headers.etag ?? "";
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    const notModified = await request(base, "/", { headers: { "if-none-match": `"other", ${etag}` } });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    const head = await request(base, "/", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
  });

  it("leaves to Next every page request that is not a visitor's plain document request", async () => {
    const declined: Array<[string, { method?: string; headers?: Record<string, string> }]> = [
      ["/", { headers: { cookie: `theme=dark; ${SESSION_COOKIE}=abc` } }], // a player: the home, not the landing
      ["/?category=cars", {}], // a query may redirect (docs/product.md §2)
      ["/", { headers: { rsc: "1" } }], // client navigation
      ["/", { headers: { "next-router-prefetch": "1" } }],
      ["/", { method: "POST" }],
      ["/dream-car-competition", {}], // not prerendered in this build
      ["/login", {}],
      ["/missing", {}],
    ];
    for (const [urlPath, opts] of declined) {
      const res = await request(base, urlPath, opts);
      expect({ urlPath, opts, status: res.status }).toEqual({ urlPath, opts, status: WENT_TO_NEXT });
    }
    // A cookie whose name merely ends like the session cookie is a visitor's.
    expect((await request(base, "/", { headers: { cookie: `not${SESSION_COOKIE}=1` } })).status).toBe(200);
  });

  it("serves the cached public REST reads exactly as the REST adapter does", async () => {
    const viaAdapter = await rest(t.db, "GET", "/api/contests");
    const res = await request(base, "/api/contests");
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body.toString())).toEqual(viaAdapter.body);
    expect(res.headers.etag).toBe(viaAdapter.headers.get("etag"));
    expect(res.headers["cache-control"]).toBe("public, no-cache");
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["x-request-id"]).toMatch(/^[\w-]{8,}$/);
    expect(
      (await request(base, "/api/contests", { headers: { "x-request-id": "trace-12345678" } })).headers["x-request-id"],
    ).toBe("trace-12345678");

    const notModified = await request(base, "/api/contests", { headers: { "if-none-match": res.headers.etag ?? "" } });
    expect(notModified.status).toBe(304);
    const gz = await request(base, "/api/contests", { headers: { "accept-encoding": "gzip" } });
    expect(JSON.parse(gunzipSync(gz.body).toString())).toEqual(viaAdapter.body);

    const one = await request(base, `/api/contests/${contestId}`);
    expect(one.status).toBe(200);
    expect(JSON.parse(one.body.toString()).title).toBe("Fast Watch");
    expect((await request(base, "/api/winner-posts")).status).toBe(200);
  });

  it("leaves to Next what needs real work or an error answer", async () => {
    for (const [urlPath, method] of [
      ["/api/contests/no-such-contest", "GET"], // NotFound: the adapter writes the 404
      [`/api/contests/${contestId}/draw`, "GET"], // not a cached row
      ["/api/contests", "POST"],
      ["/api/contests", "HEAD"],
      ["/api/cart", "GET"],
      ["/api/nothing-here", "GET"],
    ] as const) {
      expect({ urlPath, method, status: (await request(base, urlPath, { method })).status }).toEqual({
        urlPath,
        method,
        status: WENT_TO_NEXT,
      });
    }
  });

  it("serves no page from a build without CSP hashes (its inline scripts would be blocked)", () => {
    const bare = fs.mkdtempSync(path.join(os.tmpdir(), "fast-path-bare-"));
    expect(loadPrerenderedPages(bare).size).toBe(0);
    fs.rmSync(bare, { recursive: true, force: true });
  });
});
