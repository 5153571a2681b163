/**
 * The fast path of `npm start` (src/server/edge/fast-path.ts) behind a real node:http server: what it
 * answers itself (a visitor's plain request for a prerendered page, the cached public REST reads)
 * and everything it must leave to Next, here a 599 "went to Next" stand-in; and the pages it keeps
 * (winners, the players' home and contest pages), rendered once per version of their data by a
 * stand-in for Next that runs the real src/proxy.ts and answers with a per-request nonce, as Next
 * does (tests/helpers/next-stand-in.ts). That Chromium gets the same pages as from Next is
 * e2e/security-headers.spec.ts.
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createFastPath,
  loadNextScriptHashes,
  loadPrerenderedPages,
  RENDER_BYPASS_HEADER,
} from "../../src/server/edge/fast-path";
import { loadStaticAssets } from "../../src/server/edge/static-assets";
import { inlineScriptHashes } from "../../src/server/edge/script-hashes";
import { scriptHash } from "../../src/server/edge/kept-page-scripts";
import { BOOTSTRAP_SCRIPT, startNextStandIn } from "../helpers/next-stand-in";
import { SESSION_COOKIE } from "../../src/shared/constants";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { createSession } from "../../src/server/auth/session";
import { buyTickets } from "../helpers/entries";
import { createContest, createUser, rest } from "../helpers/fixtures";

const WENT_TO_NEXT = 599;
const LANDING = "<!DOCTYPE html><html><body><h1>Landing</h1><script>self.__next_f=[]</script></body></html>";
const CHUNK = `(globalThis.TURBOPACK||[]).push(["chunk",${"1,".repeat(200)}0]);`;

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
  fs.writeFileSync(path.join(dir, "csp-next-scripts.json"), JSON.stringify({ code: [scriptHash(BOOTSTRAP_SCRIPT)] }));
  fs.writeFileSync(path.join(dir, "server", "app", "index.html"), LANDING);
  fs.writeFileSync(path.join(dir, "server", "app", "index.meta"), JSON.stringify(meta));
  fs.writeFileSync(path.join(dir, "server", "app", "dream-car.html"), "<html>dream</html>");
  fs.writeFileSync(path.join(dir, "server", "app", "dream-car.meta"), JSON.stringify(meta));
  // dream-car-competition has hashes but no file in this build: it stays with Next.
  // Build assets as scripts/build/precompress-static.ts leaves them: a brotli copy beside each, but not beside b.js.
  const chunks = path.join(dir, "static", "chunks");
  fs.mkdirSync(chunks, { recursive: true });
  fs.writeFileSync(path.join(chunks, "a1.js"), CHUNK);
  fs.writeFileSync(path.join(chunks, "a1.js.br"), brotliCompressSync(CHUNK));
  fs.writeFileSync(path.join(chunks, "b.js"), CHUNK);
  fs.writeFileSync(path.join(dir, "static", "secret.txt"), "not an asset");
  fs.writeFileSync(path.join(dir, "static", "secret.txt.br"), brotliCompressSync("not an asset"));
  return dir;
}

describe(`fast path of npm start (${dbKind()})`, () => {
  let t: TestDb;
  let server: http.Server;
  let base = "";
  let next: Awaited<ReturnType<typeof startNextStandIn>>;
  let contestId = "";
  const buildDir = fakeBuild();

  beforeAll(async () => {
    t = await createTestDb();
    contestId = (await createContest(t.db, { title: "Fast Watch" })).id;
    next = await startNextStandIn();
    const fastPath = createFastPath(loadPrerenderedPages(buildDir), {
      renderOrigin: () => next.origin,
      staticAssets: loadStaticAssets(buildDir),
      nextScripts: loadNextScriptHashes(buildDir),
    });
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
    await new Promise((resolve) => next.server.close(resolve));
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

  it("sends the build's brotli copy of a script to a browser that accepts brotli, and leaves the rest to Next", async () => {
    const br = await request(base, "/_next/static/chunks/a1.js", { headers: { "accept-encoding": "gzip, deflate, br, zstd" } });
    expect(br.status).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.body).toString()).toBe(CHUNK);
    expect(br.headers["content-type"]).toBe("application/javascript; charset=UTF-8");
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.headers.vary).toBe("Accept-Encoding");
    expect(Number(br.headers["content-length"])).toBe(br.body.length);
    const etag = br.headers.etag ?? "";
    const again = await request(base, "/_next/static/chunks/a1.js?v=1", {
      headers: { "accept-encoding": "br", "if-none-match": etag },
    });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);

    for (const [urlPath, headers] of [
      ["/_next/static/chunks/a1.js", {}], // no encoding asked for
      ["/_next/static/chunks/a1.js", { "accept-encoding": "gzip" }],
      ["/_next/static/chunks/a1.js", { "accept-encoding": "br;q=0, gzip" }], // brotli refused
      ["/_next/static/chunks/a1.js", { "accept-encoding": "br", range: "bytes=0-9" }],
      ["/_next/static/chunks/b.js", { "accept-encoding": "br" }], // no brotli copy
      ["/_next/static/secret.txt", { "accept-encoding": "br" }], // not a script or style
      ["/_next/static/chunks/../../csp-hashes.json", { "accept-encoding": "br" }],
      ["/_next/static/chunks/missing.js", { "accept-encoding": "br" }],
    ] as const) {
      expect({ urlPath, headers, status: (await request(base, urlPath, { headers })).status }).toEqual({
        urlPath,
        headers,
        status: WENT_TO_NEXT,
      });
    }
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

  it("answers a stored public file with its gzip encoding kept (Next would drop it), its ETag and the security headers", async () => {
    const admin = await createUser(t.db, { role: "owner" });
    const buyer = await createUser(t.db, { balance: "20" });
    const drawn = await createContest(t.db, { title: "Listed Watch" });
    await buyTickets(t.db, buyer, drawn, 3);
    const end = await rest(t.db, "POST", `/api/admin/contests/${drawn.id}/status`, { body: { status: "ended" }, user: admin });
    expect(end.status).toBe(200);
    const filePath = `/api/contests/${drawn.id}/draw/entries`;
    const viaAdapter = await rest(t.db, "GET", filePath);
    const gz = await request(base, filePath, { headers: { "accept-encoding": "gzip" } });
    expect(gz.status).toBe(200);
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gz.headers["cache-control"]).toBe("public, no-cache, no-transform");
    expect(gz.headers["x-content-type-options"]).toBe("nosniff");
    const text = gunzipSync(gz.body).toString();
    expect(text).toMatch(/^1-3:/);
    expect(text).toBe(viaAdapter.body);
    const plain = await request(base, filePath);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(text);
    expect((await request(base, filePath, { headers: { "if-none-match": plain.headers.etag ?? "" } })).status).toBe(304);
    // Not drawn yet: the adapter's own 409, still answered here.
    expect((await request(base, `/api/contests/${contestId}/draw/entries`)).status).toBe(409);
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

  it("renders /winners once per version of the winner posts, nonces out, inline scripts allowed by hash", async () => {
    const before = next.state.renders;
    const burst = await Promise.all(Array.from({ length: 10 }, () => request(base, "/winners")));
    expect(next.state.renders).toBe(before + 1); // one render answers the whole burst
    const first = burst[0] as Answer;
    expect(first.status).toBe(200);
    const html = first.body.toString();
    expect(html).toContain(`render ${before + 1}`);
    expect(html).not.toMatch(/\snonce=/);
    expect(html).not.toContain(`n${before + 1}AAAA==`); // nor in the RSC payload's preload hints
    const csp = first.headers["content-security-policy"] ?? "";
    for (const hash of inlineScriptHashes(html)) expect(csp).toContain(hash);
    expect(csp).not.toContain(`'nonce-n${before + 1}AAAA=='`);
    expect(first.headers["cache-control"]).toBe("public, no-cache");
    for (const res of burst) expect(res.body.toString()).toBe(html);

    // The same HTML for a player, still from memory; the route never saw a cookie.
    const player = await request(base, "/winners", { headers: { cookie: `${SESSION_COOKIE}=abc` } });
    expect(player.body.toString()).toBe(html);
    expect(next.state.renders).toBe(before + 1);
    expect(next.state.seen.at(-1)).toEqual({ route: "/winners", cookie: null });
    // Our own render request, a router request and a query go to Next.
    expect((await request(base, "/winners", { headers: { [RENDER_BYPASS_HEADER]: "1" } })).status).toBe(WENT_TO_NEXT);
    expect((await request(base, "/winners", { headers: { rsc: "1" } })).status).toBe(WENT_TO_NEXT);
    expect((await request(base, "/winners?page=2")).status).toBe(WENT_TO_NEXT);

    // A new published winner post (the `winners` event reaches the cache): rendered again.
    await t.db.winnerPost.create({
      data: {
        title: "Fresh winner",
        description: "d",
        winnerName: "Ann",
        winnerId: "u1",
        contestId: contestId,
        contestTitle: "Fast Watch",
        winDate: new Date("2026-11-01T00:00:00Z"),
      },
    });
    await expect.poll(async () => (await request(base, "/winners")).body.toString()).toContain(`render ${before + 2}`);
    expect(next.state.renders).toBe(before + 2);
  });

  it("leaves /winners to Next when the render carries a nonce it cannot account for", async () => {
    next.state.strayNonce = true;
    try {
      await t.db.winnerPost.updateMany({ data: { title: "Renamed winner" } }); // a new version to render
      await expect.poll(async () => (await request(base, "/winners")).status).toBe(WENT_TO_NEXT);
    } finally {
      next.state.strayNonce = false;
    }
  });

  it("keeps no render carrying an inline script the build did not emit, however it looks", async () => {
    for (const script of [
      "<script>alert(document.cookie)</script>",
      '<script>self.__next_f.push([1,"x"]);alert(1)</script>', // data plus code
      '<script>self.__next_f.push([0,"x"])</script>', // not a data chunk
      "<script>self.__next_f.push([1,'x'])</script>", // not Next's JSON
    ]) {
      next.state.extraScript = script;
      try {
        await t.db.winnerPost.updateMany({ data: { description: `v ${script}` } }); // a new version to render
        await expect.poll(async () => (await request(base, "/winners")).status).toBe(WENT_TO_NEXT);
      } finally {
        next.state.extraScript = "";
      }
    }
    await expect.poll(async () => (await request(base, "/winners")).status).toBe(200);
  });

  it("keeps no render that lacks its route's marker (a 200 of some other page)", async () => {
    const ann = await createUser(t.db);
    const cookie = { cookie: `${SESSION_COOKIE}=${(await createSession(t.db, ann.id)).token}` };
    next.state.dropMarker = true;
    try {
      await t.db.contest.update({ where: { id: contestId }, data: { title: "Fast Watch unmarked" } });
      await expect.poll(async () => (await request(base, "/", { headers: cookie })).status).toBe(WENT_TO_NEXT);
      expect((await request(base, `/contest/${contestId}`, { headers: cookie })).status).toBe(WENT_TO_NEXT);
      await t.db.winnerPost.updateMany({ data: { title: "Unmarked winner" } });
      await expect.poll(async () => (await request(base, "/winners")).status).toBe(WENT_TO_NEXT);
    } finally {
      next.state.dropMarker = false;
    }
    await expect.poll(async () => (await request(base, "/", { headers: cookie })).status).toBe(200);
  });

  it("keeps a player's home and contest pages once per version of the contests, rendered without any identity", async () => {
    const ann = await createUser(t.db);
    const bob = await createUser(t.db);
    const annToken = (await createSession(t.db, ann.id)).token;
    const bobToken = (await createSession(t.db, bob.id)).token;
    const cookie = (token: string) => ({ cookie: `${SESSION_COOKIE}=${token}` });
    await t.db.contest.update({ where: { id: contestId }, data: { title: "Fast Watch III" } }); // a version of its own
    await expect.poll(async () => (await request(base, "/", { headers: cookie(annToken) })).status).toBe(200);
    const before = next.state.renders;
    await t.db.contest.update({ where: { id: contestId }, data: { title: "Fast Watch IV" } });
    await expect.poll(async () => (await request(base, "/", { headers: cookie(annToken) })).status).toBe(200);
    expect(next.state.renders).toBe(before + 1);

    const home = await request(base, "/", { headers: cookie(annToken) });
    expect(home.body.toString()).toContain("Page /shell/home</h1>"); // the shared route, at the player's URL
    expect(home.headers["cache-control"]).toBe("private, no-cache, no-store, max-age=0, must-revalidate");
    expect(next.state.seen.at(-1)).toEqual({ route: "/shell/home", cookie: null });
    expect(home.body.toString()).not.toContain(annToken);
    const bobsHome = await request(base, "/", { headers: { cookie: `theme=dark; ${SESSION_COOKIE}=${bobToken}` } });
    expect(bobsHome.body.toString()).toBe(home.body.toString());
    expect(next.state.renders).toBe(before + 1);

    const page = await request(base, `/contest/${contestId}`, { headers: cookie(bobToken) });
    expect(page.status).toBe(200);
    expect(page.body.toString()).toContain(`Page /shell/contest/${contestId}</h1>`);
    expect(next.state.seen.at(-1)).toEqual({ route: `/shell/contest/${contestId}`, cookie: null });
    expect(next.state.renders).toBe(before + 2);

    // Signed out, an unknown or ended session, a session waiting for its second factor, an unknown contest: Next.
    const pending = (await createSession(t.db, ann.id, new Date(), { twoFactorPending: true })).token;
    for (const [urlPath, headers] of [
      ["/", cookie("a".repeat(32))],
      ["/", cookie(pending)],
      ["/contest/no-such-contest", cookie(annToken)],
      ["/contest/../admin", cookie(annToken)],
    ] as const) {
      expect({ urlPath, status: (await request(base, urlPath, { headers })).status }).toEqual({ urlPath, status: WENT_TO_NEXT });
    }

    // A sale changes the contests: rendered again.
    await t.db.contest.update({ where: { id: contestId }, data: { soldTickets: { increment: 1 } } });
    await expect
      .poll(async () => {
        await request(base, "/", { headers: cookie(annToken) });
        return next.state.renders;
      })
      .toBe(before + 3);
  });

  it("a session found valid is taken as valid for 2 s without a look-up (the page is everyone's); then it is checked again", async () => {
    const player = await createUser(t.db);
    const token = (await createSession(t.db, player.id)).token;
    const cookie = (value: string) => ({ cookie: `${SESSION_COOKIE}=${value}` });
    const first = await request(base, "/", { headers: cookie(token) });
    expect(first.body.toString()).toContain("Page /shell/home</h1>");
    // The session ends (as a logout elsewhere): within the moment the same shared page, nothing of the player's.
    await t.db.session.deleteMany({ where: { userId: player.id } });
    const soon = await request(base, "/", { headers: cookie(token) });
    expect(soon.body.toString()).toBe(first.body.toString());
    expect(soon.body.toString()).not.toContain(player.email);
    // After it, the look-up again: no session, so Next answers (the landing).
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    const later = await request(base, "/", { headers: cookie(token) });
    expect(later.body.toString()).not.toContain("Page /shell/home</h1>");
  });

  it("a logout at the moment of a player's first page load never makes other players see the landing at /", async () => {
    const fresh = await createUser(t.db, { firstName: "Freshly", lastName: "Signedin" });
    const other = await createUser(t.db);
    const freshToken = (await createSession(t.db, fresh.id)).token;
    const otherToken = (await createSession(t.db, other.id)).token;
    await t.db.contest.update({ where: { id: contestId }, data: { title: "Fast Watch race" } }); // nothing kept for this version
    await expect.poll(async () => (await rest(t.db, "GET", "/api/contests")).body[0]?.title).toBe("Fast Watch race");

    // Every render waits until the logout has landed: the session ends between the check and the render.
    let landed: () => void = () => {};
    next.state.gate = new Promise<void>((resolve) => {
      landed = resolve;
    });
    try {
      const [page, logout] = await Promise.all([
        request(base, "/", { headers: { cookie: `${SESSION_COOKIE}=${freshToken}` } }),
        fetch(`${next.origin}/api/auth/logout`, {
          method: "POST",
          headers: { cookie: `${SESSION_COOKIE}=${freshToken}` },
        }).then(async (res) => {
          landed();
          return res.status;
        }),
      ]);
      expect(logout).toBe(200);
      expect(await t.db.session.count({ where: { userId: fresh.id } })).toBe(0);
      expect(page.body.toString()).not.toContain("Visitor landing");
    } finally {
      landed();
      next.state.gate = undefined;
    }
    const otherHome = await request(base, "/", { headers: { cookie: `${SESSION_COOKIE}=${otherToken}` } });
    expect(otherHome.status).toBe(200);
    expect(otherHome.body.toString()).toContain("Page /shell/home</h1>");
    expect(otherHome.body.toString()).not.toContain("Visitor landing");
  });

  it("renews a session near its end as the app does, with the cookie on the kept page", async () => {
    const dave = await createUser(t.db);
    const { token, session } = await createSession(t.db, dave.id);
    await t.db.session.update({ where: { id: session.id }, data: { expiresAt: new Date(Date.now() + 60_000) } });
    const res = await request(base, "/", { headers: { cookie: `${SESSION_COOKIE}=${token}` } });
    expect(res.status).toBe(200);
    expect(String(res.headers["set-cookie"])).toContain(`${SESSION_COOKIE}=${token}; HttpOnly; SameSite=Lax`);
    const row = await t.db.session.findUniqueOrThrow({ where: { id: session.id } });
    expect(row.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600_000);
  });
});
