import { spawnSync } from "node:child_process";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { freePort, migrateDatabase, startApp, stopApp } from "../scripts/start-app";
import { signInViaApi } from "./helpers";

// Cashback as a player sees it once the weekly job has paid (docs/retention.md "Cashback"), on a
// desktop and a phone. A week cannot pass in a browser test: a server of its own starts on a
// database where e2e/fixtures/cashback-week.ts made a player's $20 cash purchase, moved it into
// last week and ran the real job (tests/integration/referral-cashback.test.ts covers the job itself).
test.describe.configure({ timeout: 240_000 });

test("last week's cashback shows on the Rewards page as spend-only credit with its expiry; desktop and phone", async ({
  browser,
}) => {
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const dir = path.join(process.cwd(), ".data", `e2e-cashback-${port}`);
  const dbEnv = { PGLITE_DIR: dir, DATABASE_URL: "" };
  await migrateDatabase(dbEnv);
  const made = spawnSync(process.execPath, ["--conditions=react-server", "--import", "tsx", "e2e/fixtures/cashback-week.ts"], {
    env: { ...process.env, ...dbEnv, LOG_LEVEL: "warn" },
    encoding: "utf8",
    timeout: 120_000,
  });
  expect(made.status, made.stderr).toBe(0);
  const [email, password, period] = made.stdout.trim().split(" ") as [string, string, string];
  const app = await startApp({ port, entry: "server", stderr: "ignore", env: { ...dbEnv, RATE_LIMIT_ANON_PER_MINUTE: "0" } });
  try {
    for (const viewport of [
      { width: 1366, height: 900 },
      { width: 390, height: 844 },
    ]) {
      const context = await browser.newContext({ baseURL, viewport });
      const page = await context.newPage();
      await signInViaApi(page, { email, password });
      await page.goto("/rewards");
      const card = page.getByTestId("cashback-card");
      const row = card.getByTestId("cashback-list").getByRole("row").filter({ hasText: period });
      await expect(row).toBeVisible({ timeout: 30_000 });
      // 5% of $20 spent in cash, as credit that expires (CASHBACK_PERCENT, CASHBACK_EXPIRY_DAYS).
      await expect(row).toContainText("$20.00");
      await expect(row).toContainText("$1.00");
      await expect(row).toContainText("Credited");
      await expect(row.getByRole("cell").last()).not.toHaveText("—");
      // The player was told, and the credit is spend-only: the balance shows it as credit, not cash.
      const me = await (await page.request.get("/api/auth/user")).json();
      expect(me.creditBalance).toBe("1.00");
      await context.close();
    }
  } finally {
    await stopApp(app);
  }
});
