import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { migrateDatabase, startApp, stopApp } from "../scripts/start-app";

// pg_control's DBState (offset 16): 1 = shut down cleanly, 6 = in production (a crash would need recovery).
const pgControlState = (dir: string) => fs.readFileSync(path.join(dir, "global", "pg_control")).readUInt32LE(16);
const PORT = 3190;
const DIR = path.join(process.cwd(), ".data", "e2e-restart");

// The production server `npm start` runs (scripts/server.mjs).
const startServer = () => startApp({ port: PORT, entry: "server", stderr: "ignore", env: { PGLITE_DIR: DIR, DATABASE_URL: "" } });

test("stopping the server closes the embedded database cleanly and keeps the data", async () => {
  fs.rmSync(DIR, { recursive: true, force: true });
  await migrateDatabase({ PGLITE_DIR: DIR, DATABASE_URL: "" });

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
  expect(await stopApp(first)).toBe(0);
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
    await stopApp(second);
  }
});
