/**
 * Two app instances (two `next start` processes on their own ports) on ONE PostgreSQL database,
 * created here: the player talks to instance A, the admin to instance B, and live updates cross
 * between them through LISTEN/NOTIFY. Needs the PostgreSQL server of TEST_DATABASE_URL.
 */
import { type ChildProcess, execFileSync } from "node:child_process";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { freePort, startApp, stopApp } from "../scripts/start-app";
import { ADMIN, holdLock } from "./helpers";

// Two ports the OS picks (beforeAll).
let PORTS: number[] = [];
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const DB_NAME = `prize_e2e_chat_${process.pid}_${Date.now()}`;
const dbUrl = (() => {
  const u = new URL(ADMIN_URL);
  u.pathname = `/${DB_NAME}`;
  return u.toString();
})();

const servers: ChildProcess[] = [];

test.describe("live chat across two app instances on one PostgreSQL", () => {
  test.describe.configure({ timeout: 180_000 });

  // The fault test that restarts this PostgreSQL server waits for this spec (e2e/helpers.ts).
  let release: (() => Promise<void>) | undefined;

  test.beforeAll(async () => {
    release = await holdLock("shared-postgres");
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${DB_NAME}"`);
    await admin.end();
    const env = { ...process.env, DATABASE_URL: dbUrl, NEXT_TELEMETRY_DISABLED: "1", NEXT_MANUAL_SIG_HANDLE: "1" };
    execFileSync("node", ["node_modules/tsx/dist/cli.mjs", "scripts/db/manage.ts", "migrate"], { env, stdio: "ignore" });
    execFileSync("node", ["node_modules/tsx/dist/cli.mjs", "scripts/db/seed.ts"], { env, stdio: "ignore" });
    PORTS = await Promise.all([freePort(), freePort()]);
    // startApp refuses a port someone else's server answers on (we would test the wrong app).
    servers.push(...(await Promise.all(PORTS.map((port) => startApp({ port, stderr: "ignore", env: { DATABASE_URL: dbUrl } })))));
  });

  test.afterAll(async () => {
    await Promise.all(servers.map((s) => stopApp(s)));
    const admin = new pg.Client({ connectionString: ADMIN_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${DB_NAME}" WITH (FORCE)`);
    await admin.end();
    await release?.();
  });

  test("player on instance A, admin on instance B: message, reply and notification arrive live", async ({ browser }) => {
    const [urlA, urlB] = PORTS.map((p) => `http://localhost:${p}`);
    const playerCtx = await browser.newContext({ baseURL: urlA });
    const adminCtx = await browser.newContext({ baseURL: urlB });
    // No polling fallback: every update below must come through the live streams across instances.
    for (const ctx of [playerCtx, adminCtx]) {
      await ctx.addInitScript(() => {
        (window as { __PRIZE_NO_POLLING__?: boolean }).__PRIZE_NO_POLLING__ = true;
      });
    }
    const player = await playerCtx.newPage();
    const admin = await adminCtx.newPage();
    const email = `multi-${Date.now()}@example.com`;
    const signup = await player.request.post("/api/auth/signup", {
      data: {
        firstName: "Multi",
        lastName: "Instance",
        email,
        password: "secret123",
        confirmPassword: "secret123",
        securityQuestion: "What was the name of your first pet?",
        securityAnswer: "rex",
      },
    });
    expect(signup.ok()).toBe(true);
    expect((await player.request.post("/api/auth/login", { data: { email, password: "secret123" } })).ok()).toBe(true);
    expect((await admin.request.post("/api/auth/login", { data: ADMIN })).ok()).toBe(true);

    await admin.goto("/admin?tab=messages");
    await expect(admin.getByText("Select a conversation")).toBeVisible();
    await player.goto("/");
    await player.getByRole("button", { name: "Support chat" }).click();
    const dialog = player.getByRole("dialog");
    const text = `Hello from instance A ${Date.now()}`;
    await dialog.getByLabel("Message").fill(text);
    await dialog.getByRole("button", { name: "Send" }).click();
    await expect(dialog.getByTestId("chat-message").filter({ hasText: text })).toBeVisible();

    const conversation = admin.getByTestId("conversation").filter({ hasText: email });
    await expect(conversation).toBeVisible();
    await conversation.click();
    await expect(admin.getByTestId("chat-message").filter({ hasText: text })).toBeVisible();
    const reply = `Hello from instance B ${Date.now()}`;
    await admin.getByLabel("Reply").fill(reply);
    await admin.getByRole("button", { name: "Reply" }).click();

    await expect(dialog.getByTestId("chat-message").filter({ hasText: reply })).toBeVisible();
    await player.keyboard.press("Escape");
    await expect(player.getByTestId("notification-badge").getByText("2")).toBeVisible(); // welcome + reply
    await playerCtx.close();
    await adminCtx.close();
  });
});
