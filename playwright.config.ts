import { defineConfig, devices } from "@playwright/test";

// One production build per run (scripts/test-all.sh builds it), served once for every spec on a
// fresh embedded database seeded with demo data. Debian's Chromium; override with CHROMIUM_PATH.
const PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_BASE_URL = `http://localhost:${PORT}`;

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: E2E_BASE_URL,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--disable-quic",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    command: "bash scripts/e2e-server.sh",
    url: `${E2E_BASE_URL}/api/contests`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    // Every spec signs up from 127.0.0.1: lift the per-IP sign-up limit (20/hour) for the run.
    env: { PORT: String(PORT), PGLITE_DIR: ".data/e2e-pglite", RATE_LIMIT_SIGNUPS_PER_HOUR: "1000" },
  },
});
