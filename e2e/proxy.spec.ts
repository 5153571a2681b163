/**
 * The shipped reverse-proxy configuration (deploy/nginx/nginx.conf, used by compose.yaml) run with
 * Debian's nginx (scripts/ensure-test-deps.sh installs it) in front of the built app: only the lines
 * marked `# test:` change (listen port, upstreams, user, temporary and cache paths). The first
 * upstream is a port nothing listens on, so every answer also proves the failover to the next one.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { E2E_BASE_URL } from "../playwright.config";
import { exited, freePort } from "../scripts/start-app";
import { NGINX, testConfig } from "./nginx";

test.describe("reverse proxy (deploy/nginx/nginx.conf with Debian's nginx)", () => {
  let nginx: ChildProcess | undefined;
  let base: string;
  let dir: string;

  test.beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "prize-nginx-"));
    fs.chmodSync(dir, 0o777);
    const port = await freePort();
    const dead = await freePort();
    const app = new URL(E2E_BASE_URL);
    const conf = path.join(dir, "nginx.conf");
    fs.writeFileSync(conf, testConfig(dir, port, [`127.0.0.1:${dead}`, `127.0.0.1:${app.port}`]));
    const check = spawnSync(NGINX, ["-t", "-p", dir, "-c", conf], { encoding: "utf8" });
    expect(check.status, check.stderr).toBe(0);
    nginx = spawn(NGINX, ["-p", dir, "-c", conf, "-g", "daemon off;"], { stdio: ["ignore", "ignore", "inherit"] });
    base = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 50; i++) {
      const up = await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) return;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error("nginx did not answer");
  });

  test.afterAll(async () => {
    if (nginx) {
      const done = exited(nginx);
      nginx.kill("SIGQUIT");
      await done;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test("serves the app through both upstreams' failover, and passes readiness through uncached", async () => {
    for (let i = 0; i < 4; i++) {
      const page = await fetch(`${base}/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("</html>");
    }
    const ready = await fetch(`${base}/api/ready`);
    expect(ready.status).toBe(200);
    expect(ready.headers.get("x-cache-status")).toBeNull();
  });

  test("caches what Cache-Control allows and nothing else", async () => {
    // An immutable build asset: stored on the first request, served from the cache after.
    const html = await (await fetch(`${base}/`)).text();
    const asset = /\/_next\/static\/[^"' ]+\.js/.exec(html)?.[0];
    expect(asset, "the landing page loads a build asset").toBeTruthy();
    const first = await fetch(`${base}${asset}`);
    await first.arrayBuffer();
    expect(first.headers.get("cache-control")).toContain("max-age=31536000");
    expect(["MISS", "HIT"]).toContain(first.headers.get("x-cache-status"));
    const second = await fetch(`${base}${asset}`);
    await second.arrayBuffer();
    expect(second.headers.get("x-cache-status")).toBe("HIT");

    // The landing is prerendered ("s-maxage=31536000"): the proxy keeps it for every visitor.
    for (let i = 0; i < 2; i++) await (await fetch(`${base}/`)).arrayBuffer();
    const landing = await fetch(`${base}/`);
    await landing.arrayBuffer();
    expect(landing.headers.get("cache-control")).toContain("s-maxage");
    expect(landing.headers.get("x-cache-status")).toBe("HIT");
    // A public API read says "public, no-cache" (the app revalidates it with its ETag): never kept by the proxy.
    for (let i = 0; i < 2; i++) {
      const contests = await fetch(`${base}/api/contests`);
      await contests.arrayBuffer();
      expect(contests.headers.get("cache-control")).toBe("public, no-cache");
      expect(contests.headers.get("x-cache-status")).not.toBe("HIT");
    }
    // With a session cookie "/" is the player's home (src/proxy.ts), never the cached landing.
    const home = await fetch(`${base}/`, { headers: { cookie: "session=anything" } });
    await home.arrayBuffer();
    expect(home.headers.get("x-cache-status")).toBe("BYPASS");

    // A signed-in request never comes from the shared cache, even for a cacheable asset.
    const signedIn = await fetch(`${base}${asset}`, { headers: { cookie: "session=anything" } });
    await signedIn.arrayBuffer();
    expect(signedIn.headers.get("x-cache-status")).toBe("BYPASS");
  });

  test("streams answers unbuffered on /api/trpc/ (live updates)", async () => {
    const res = await fetch(`${base}/api/trpc/contests.list`);
    expect(res.status).toBe(200);
    expect(res.headers.get("x-cache-status")).toBeNull();
    const conf = fs.readFileSync(path.join(dir, "nginx.conf"), "utf8");
    expect(conf).toMatch(/location \/api\/trpc\/ \{[^}]*proxy_buffering off;[^}]*proxy_read_timeout 1h;/);
  });
});
