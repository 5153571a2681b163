import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

// One production build per run (scripts/test-all.sh builds it), served once for every spec on a
// fresh embedded database seeded with demo data. Debian's Chromium headless shell (the same engine
// without the browser's windowing and GPU layers: a page load costs about half the CPU of full
// Chromium's headless mode); full Chromium when the shell is not installed; override with CHROMIUM_PATH.
const CHROMIUM =
  process.env.CHROMIUM_PATH ??
  ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((p) => existsSync(p)) ??
  "/usr/bin/chromium";
// The app under test listens on a port the OS picks (no fixed ports): chosen once by the runner, whose
// workers load this file again and inherit it through the environment. E2E_PORT pins one.
process.env.E2E_PORT ??= execFileSync(
  process.execPath,
  [
    "-e",
    "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
  ],
  { encoding: "utf8" },
);
const PORT = Number(process.env.E2E_PORT);
export const E2E_BASE_URL = `http://localhost:${PORT}`;
/**
 * Mobile access also runs on the tablet (every signed-in screen reachable, nothing overflowing at
 * 900 px); the visual check runs on desktop and phone, the axe and page-error walk on the phone only,
 * the pricing journey (e2e/pricing.spec.ts) and the screens' seams (e2e/seams.spec.ts) on desktop and phone.
 */
const TABLET_SPECS = /devices\.spec\.ts$/;
const PHONE_SPECS =
  /(devices|visual|a11y|instant-wins|pricing|safer-play|seams|wallet|proofs|staff-roles|first-paint|referral|push|auto-entry|admin-paging|live-draws|contest-page)\.spec\.ts$/;

export default defineConfig({
  testDir: "e2e",
  // Two workers, each taking whole spec files in turn (a11y.spec.ts runs its screens in parallel):
  // on this 2-core machine a third made the run slower, the CPU being then 94% busy.
  fullyParallel: false,
  workers: 2,
  // In CI one retry: a test that fails twice fails the run; one that passes on its retry is listed
  // as "flaky" in the report (a loaded 2-core machine), to be fixed rather than hidden.
  retries: process.env.CI ? 1 : 0,
  forbidOnly: true,
  timeout: 60_000,
  expect: {
    timeout: 10_000,
    // e2e/visual.spec.ts: approved screenshots at CSS pixels, no animations or caret. A layout break
    // moves whole blocks (far over 2% of the pixels); anti-aliasing and a repainted shadow stay under.
    toHaveScreenshot: { maxDiffPixelRatio: 0.02, threshold: 0.2, animations: "disabled", caret: "hide", scale: "css" },
  },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: E2E_BASE_URL,
    // A trace records a screencast and DOM snapshots all through a test, which doubled the browser's
    // CPU; in CI a failed test's retry records one, locally (no retries) a failed test keeps its own.
    trace: process.env.CI ? "on-first-retry" : "retain-on-failure",
    // The browser asks for reduced motion, which the site honours (src/theme.ts; the wheel spins
    // briefly): dialogs, drawers and menus open without their transitions, which on a subset of specs
    // cut the run's wall time 10 % and its CPU time 5 %. Specs about motion opt back in
    // (e2e/wheel.spec.ts, e2e/motion.spec.ts).
    reducedMotion: "reduce",
    // The app's service worker (docs/push.md) answers navigations itself once it controls a page, and
    // Playwright's routing does not see what a worker fetches: specs run without it, as before it
    // existed; e2e/push.spec.ts allows it and tests it (installable, offline page, pushes).
    serviceWorkers: "block",
    launchOptions: {
      executablePath: CHROMIUM,
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
  // Every spec runs once on desktop (1366×900). Mobile access also runs on a tablet (900 px) and a
  // phone (390×844), the widths where the header changes; the axe walk runs at 390 px.
  projects: [
    {
      name: "chromium",
      testIgnore: /a11y\.spec\.ts$/,
      use: { ...devices["Desktop Chrome"], viewport: { width: 1366, height: 900 } },
    },
    {
      name: "tablet",
      testMatch: TABLET_SPECS,
      use: { ...devices["Desktop Chrome"], viewport: { width: 900, height: 1100 }, hasTouch: true },
    },
    {
      name: "phone",
      testMatch: PHONE_SPECS,
      use: {
        ...devices["Desktop Chrome"],
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
        deviceScaleFactor: 3,
      },
    },
  ],
  webServer: {
    command: "bash scripts/e2e-server.sh",
    // Ready = database reachable and migrated (src/app/api/ready/route.ts), not merely "a page renders".
    url: `${E2E_BASE_URL}/api/ready`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    // Every spec signs up and browses from 127.0.0.1: lift the per-IP sign-up limit (20/hour) and the
    // anonymous request budget (300/minute) for the run.
    env: {
      PORT: String(PORT),
      PGLITE_DIR: ".data/e2e-pglite",
      RATE_LIMIT_SIGNUPS_PER_HOUR: "1000",
      RATE_LIMIT_ANON_PER_MINUTE: "1000000",
      // No load balancer in front: stop without the readiness grace period (src/server/platform/shutdown.ts).
      SHUTDOWN_GRACE_MS: "0",
      // Four eyes from $100 (e2e/staff-roles.spec.ts): the other specs' withdrawals stay below it.
      FOUR_EYES_USD: "100",
      // e2e/push.spec.ts subscribes a push peer of its own on 127.0.0.1 (plain http) and reads its pushes.
      PUSH_ALLOW_LOOPBACK: "true",
      PUSH_DELIVERY_INTERVAL_MS: "1000",
    },
  },
});
