/**
 * The shipped reverse-proxy configuration (deploy/nginx/nginx.conf) made runnable by Debian's nginx in
 * a test: only the lines marked `# test:` change (listen port, upstreams, user, temporary and cache
 * paths). e2e/proxy.spec.ts and e2e/rolling-upgrade.spec.ts run it.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect } from "@playwright/test";
import { exited } from "../scripts/start-app";

export const NGINX = process.env.NGINX_PATH ?? "/usr/sbin/nginx";

/** deploy/nginx/nginx.conf with the test's addresses and paths. */
export function testConfig(dir: string, listenPort: number, upstreams: string[]): string {
  const shipped = fs.readFileSync("deploy/nginx/nginx.conf", "utf8");
  const replaced = shipped
    .replace(/^user nginx;$/m, "user www-data;")
    .replace(/^pid \/tmp\/nginx\.pid;$/m, `pid ${dir}/nginx.pid;`)
    .replace(/^error_log \/dev\/stderr warn;$/m, `error_log ${dir}/error.log warn;`)
    .replace(/\/tmp\/nginx-/g, `${dir}/tmp-`)
    .replace("/var/cache/nginx/prize", `${dir}/cache`)
    .replace(/^ {2}access_log \/dev\/stdout;$/m, `  access_log ${dir}/access.log;`)
    .replace(/^ {4}server app1:3000 (.*);\n {4}server app2:3000 .*;$/m, (_m, opts: string) =>
      upstreams.map((u) => `    server ${u} ${opts};`).join("\n"),
    )
    .replace(/^ {4}listen 80;$/m, `    listen 127.0.0.1:${listenPort};`);
  for (const marker of [
    "user www-data;",
    `error_log ${dir}/error.log`,
    `${dir}/cache`,
    `listen 127.0.0.1:${listenPort};`,
    `server ${upstreams[0]}`,
  ]) {
    expect(replaced, `the shipped config still has the line the test replaces (${marker})`).toContain(marker);
  }
  return replaced;
}

/** nginx with the shipped configuration on `port`, in front of `upstreams`; `stop` ends it and removes its files. */
export async function startNginx(
  port: number,
  upstreams: string[],
): Promise<{ base: string; dir: string; stop: () => Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "prize-nginx-"));
  fs.chmodSync(dir, 0o777);
  const conf = path.join(dir, "nginx.conf");
  fs.writeFileSync(conf, testConfig(dir, port, upstreams));
  const check = spawnSync(NGINX, ["-t", "-p", dir, "-c", conf], { encoding: "utf8" });
  expect(check.status, check.stderr).toBe(0);
  const nginx: ChildProcess = spawn(NGINX, ["-p", dir, "-c", conf, "-g", "daemon off;"], {
    stdio: ["ignore", "ignore", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    const done = exited(nginx);
    nginx.kill("SIGQUIT");
    await done;
    fs.rmSync(dir, { recursive: true, force: true });
  };
  for (let i = 0; i < 50; i++) {
    const up = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { base, dir, stop };
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error("nginx did not answer");
}
