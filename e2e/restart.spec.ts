import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";

// pg_control's DBState (offset 16): 1 = shut down cleanly, 6 = in production (a crash would need recovery).
const pgControlState = (dir: string) => fs.readFileSync(path.join(dir, "global", "pg_control")).readUInt32LE(16);
const PORT = 3190;
const DIR = path.join(process.cwd(), ".data", "e2e-restart");

async function startServer() {
  // The production server `npm start` runs (scripts/server.mjs).
  const child = spawn(process.execPath, ["scripts/server.mjs"], {
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      PORT: String(PORT),
      PGLITE_DIR: DIR,
      DATABASE_URL: "",
      NEXT_MANUAL_SIG_HANDLE: "1",
      NEXT_TELEMETRY_DISABLED: "1",
    },
    stdio: "ignore",
  });
  for (let i = 0; i < 100; i++) {
    const ok = await fetch(`http://127.0.0.1:${PORT}/api/contests`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill("SIGKILL");
  throw new Error("server did not start");
}

const exited = (child: ReturnType<typeof spawn>) => new Promise<number | null>((r) => child.once("exit", (code) => r(code)));

test("stopping the server closes the embedded database cleanly and keeps the data", async () => {
  fs.rmSync(DIR, { recursive: true, force: true });
  const migrate = spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/db.ts", "migrate"], {
    env: { ...process.env, PGLITE_DIR: DIR, DATABASE_URL: "" },
    stdio: "ignore",
  });
  expect(await exited(migrate)).toBe(0);

  const first = await startServer();
  const signup = await fetch(`http://127.0.0.1:${PORT}/api/auth/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      firstName: "Res",
      lastName: "Tart",
      email: "restart@example.com",
      password: "secret12",
      confirmPassword: "secret12",
      securityQuestion: "What is your favourite book?",
      securityAnswer: "dune",
    }),
  });
  expect(signup.status).toBe(201);
  const stopping = exited(first);
  first.kill("SIGTERM");
  expect(await stopping).toBe(0);
  expect(pgControlState(DIR)).toBe(1);

  const second = await startServer();
  try {
    const login = await fetch(`http://127.0.0.1:${PORT}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "restart@example.com", password: "secret12" }),
    });
    expect(login.status).toBe(200);
  } finally {
    const done = exited(second);
    second.kill("SIGTERM");
    await done;
  }
});
