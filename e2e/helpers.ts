import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";

export const ADMIN = {
  email: process.env.SEED_ADMIN_EMAIL ?? "admin@example.com",
  password: process.env.SEED_ADMIN_PASSWORD ?? "admin123",
};
export const PLAYER = {
  email: process.env.SEED_PLAYER_EMAIL ?? "player@example.com",
  password: process.env.SEED_PLAYER_PASSWORD ?? "player123",
};

/** Signs the page's browser context in through the REST login (the session cookie is shared with the page). */
export async function signInViaApi(page: Page, who: { email: string; password: string }): Promise<void> {
  const res = await page.request.post("/api/auth/login", { data: who });
  if (!res.ok()) throw new Error(`login failed: ${res.status()} ${await res.text()}`);
}

/**
 * A lock across Playwright's two workers (a file created exclusively), for specs that must not
 * overlap: the fault test that restarts the shared PostgreSQL server, and the spec whose two app
 * instances live on it. Named per run (E2E_PORT is picked per run), so a killed run leaves no lock
 * behind for the next. Returns its release.
 */
export async function holdLock(name: string, timeoutMs = 240_000): Promise<() => Promise<void>> {
  const file = path.join(os.tmpdir(), `prize-e2e-${name}-${process.env.E2E_PORT}.lock`);
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      await (await fs.open(file, "wx")).close();
      return () => fs.rm(file, { force: true });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      if (Date.now() > until) throw new Error(`the ${name} lock was held for over ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

/**
 * A dialog of the account menu ("Account Settings", "My Purchases & Results"…), opened from the
 * header's menu on a wide screen, from the slide-out menu on a phone; answers the dialog.
 */
export async function openAccountDialog(page: Page, name: string) {
  if ((page.viewportSize()?.width ?? 1366) < 992) {
    await page.getByRole("button", { name: "Open navigation menu" }).click();
    await page.getByRole("dialog", { name: "Menu" }).getByRole("button", { name }).click();
  } else {
    await page.getByTestId("user-menu").click();
    await page.getByRole("menuitem", { name }).click();
  }
  return page.getByRole("dialog", { name });
}

/** Account Settings from the header's menu on a wide screen, from the slide-out menu on a phone. */
export function openAccountSettings(page: Page) {
  return openAccountDialog(page, "Account Settings");
}

/**
 * A contest page's proof sections (instant prizes, the live draw, the proof) load as they come within
 * half a screen of view (src/components/common/DeferredSection.tsx). On a phone they start about two
 * screens down, so a test that reads them scrolls there first, as a player would. On a desktop they
 * are drawn with the page and this does nothing.
 */
export async function scrollToProofSections(page: Page): Promise<void> {
  await page.evaluate(() => document.querySelector('[data-testid="proof-sections-placeholder"]')?.scrollIntoView());
}

/**
 * Holds every script of the app until the returned function is called: the page is the server's HTML
 * until then, as on a slow phone before its code has arrived (a test types into it, then releases).
 */
export async function holdScripts(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/_next\/static\/chunks\/.+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
