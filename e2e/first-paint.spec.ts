import { type Browser, expect, type Page, test } from "@playwright/test";
import { newPlayer } from "./players";

// A signed-in player never sees "Sign In" on the kept pages (docs/decisions/0009-first-paint-identity.md):
// from the first frame the browser paints, a script watching every animation frame records whether the
// header's "Sign In" was ever on screen; a visitor's load is the control that the watch sees it.
const WATCH = () => {
  const w = window as unknown as { __signInSeen: boolean; __framesWatched: number };
  w.__signInSeen = false;
  w.__framesWatched = 0;
  const look = () => {
    w.__framesWatched += 1;
    for (const a of document.querySelectorAll<HTMLElement>("header a[href='/login']")) {
      const r = a.getBoundingClientRect();
      if (r.width > 0 && r.height > 0 && getComputedStyle(a).visibility !== "hidden") w.__signInSeen = true;
    }
    if (w.__framesWatched < 600) requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
};

async function watchedLoad(page: Page, path: string, signedIn: boolean) {
  await page.addInitScript(WATCH);
  await page.goto(path);
  // Signed in: the player's identity arrives (the bell is in the header at every width); a visitor: Sign In.
  if (signedIn) await expect(page.getByRole("button", { name: /notifications/i })).toBeVisible({ timeout: 30_000 });
  else await expect(page.locator("header a[href='/login']")).toBeVisible();
  return page.evaluate(() => (window as unknown as { __signInSeen: boolean; __framesWatched: number }).__signInSeen);
}

async function contestId(browser: Browser): Promise<string> {
  const context = await browser.newContext();
  const list = await (await context.request.get("/api/contests")).json();
  await context.close();
  return (list as { id: string; status: string }[]).find((c) => c.status === "active")?.id ?? "";
}

test("a signed-in player never sees Sign In while / and a contest page load; a visitor does", async ({ browser, page }) => {
  const id = await contestId(browser);
  expect(id).not.toBe("");
  for (const path of ["/", `/contest/${id}`]) {
    const player = await newPlayer(browser, page.viewportSize() ? { viewport: page.viewportSize() ?? undefined } : {});
    expect(await watchedLoad(player.page, path, true), `Sign In painted for a player on ${path}`).toBe(false);
    // The placeholder stood in for it, and made way for the player's own header.
    await expect(player.page.getByTestId("identity-placeholder")).toBeHidden();
    await player.context.close();
  }
  // The control: a visitor's header shows Sign In, and the watch sees it.
  expect(await watchedLoad(page, "/", false)).toBe(true);
});

test("a signed-in page asks who the player is once as it loads, and never for the bell's count: the live stream's ticks carry both", async ({
  browser,
  page,
}) => {
  const player = await newPlayer(browser, page.viewportSize() ? { viewport: page.viewportSize() ?? undefined } : {});
  const asked: string[] = [];
  const counts: string[] = [];
  player.page.on("request", (r) => {
    if (!r.url().includes("/api/trpc/")) return;
    if (r.url().includes("auth.me")) asked.push(r.url());
    if (r.url().includes("notifications.unreadCount")) counts.push(r.url());
  });
  await player.page.goto("/");
  await expect(player.page.getByRole("button", { name: /notifications/i })).toBeVisible({ timeout: 30_000 });
  await player.page.waitForLoadState("networkidle");
  // The header's slots, the page and the popups mount at different moments; each used to ask again
  // (five times on this page). A part mounting over 2 s after the answer asks once more (a slow host).
  expect(asked.length, asked.join("\n")).toBeGreaterThanOrEqual(1);
  expect(asked.length, asked.join("\n")).toBeLessThanOrEqual(2);
  // Every tick of the notifications stream carries the player and the count (the first one read once
  // it listened): the bell shows the welcome's count without ever asking for it.
  await expect(player.page.getByTestId("notification-badge").getByText("1")).toBeVisible();
  expect(counts, counts.join("\n")).toEqual([]);
  await player.context.close();
});
