import { expect, test } from "@playwright/test";
import { scrollToProofSections } from "./helpers";
import { asAdmin, createContestViaApi, newPlayer } from "./players";

// docs/fair-play.md "Live draws": two browsers watch the same draw (/draws/live at the project's width,
// desktop or phone, and a phone on the contest page) and both see the reveal without a reload, with a proof that verifies; the player
// then proves their own tickets were in the committed entry list, in the browser.
test("two browsers watch a draw live; the proof verifies; a player proves their entry's inclusion", async ({ browser }, info) => {
  test.setTimeout(180_000);
  const title = `Live Draw ${Date.now()}`;
  const endDate = new Date(Date.now() + 4 * 86_400_000).toISOString();
  const contestId = await asAdmin(browser, async (admin) => {
    const res = await admin.request.post("/api/admin/contests", {
      data: {
        title,
        description: "A contest drawn live by an end-to-end test.",
        ticketPrice: 1,
        maxTickets: 50,
        category: "watches",
        imageUrl: "/images/contests/gold-watch.svg",
        endDate,
      },
    });
    expect(res.status()).toBe(201);
    return (await res.json()).contest.id as string;
  });
  const buyer = await newPlayer(browser, { balance: "5", viewport: info.project.use.viewport ?? undefined });
  expect((await buyer.page.request.post("/api/cart/add", { data: { contestId, quantity: 2 } })).status()).toBe(200);
  // The watcher is on a phone (390 px): the live panel must fit and work there too.
  const watcher = await newPlayer(browser, { viewport: { width: 390, height: 844 } });

  // The buyer follows /draws/live, the watcher the contest page: both show the countdown.
  await buyer.page.goto("/draws/live");
  await expect(buyer.page.getByRole("heading", { level: 1, name: "Live draws" })).toBeVisible();
  const card = buyer.page.getByTestId("live-draw").filter({ hasText: title });
  await expect(card.getByTestId("draw-countdown")).toHaveText(/^Draw in \d+d \d\dh \d\dm( \d\ds)?$/);
  await watcher.page.goto(`/contest/${contestId}`);
  // On a phone the live panel is two screens down: it loads as the watcher scrolls to it.
  await scrollToProofSections(watcher.page);
  const panel = watcher.page.getByTestId("live-draw");
  await expect(panel.getByTestId("live-draw-status")).toHaveText("Upcoming");
  await watcher.page.waitForLoadState("networkidle"); // hydrated and subscribed
  expect(await watcher.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await asAdmin(browser, async (admin) => {
    const res = await admin.request.post(`/api/admin/contests/${contestId}/status`, { data: { status: "ended" } });
    expect(res.status()).toBe(200);
  });

  // No reload: the committed list, the ticket and the masked winner arrive on both pages.
  for (const view of [buyer.page.getByTestId("live-draw").filter({ hasText: title }), panel]) {
    await expect(view.getByTestId("live-committed")).toBeVisible({ timeout: 30_000 });
    await expect(view.getByTestId("live-winning-ticket")).toHaveText(/^#[12]$/, { timeout: 30_000 });
    await expect(view.getByTestId("live-winner")).toHaveText("Winner: Pat P.");
    await view.getByRole("button", { name: "Verify in your browser" }).click();
    await expect(view.getByTestId("live-proof-ok")).toBeVisible();
  }

  // The watched draw was revealed where it was, among the upcoming ones, not moved below them.
  await expect(buyer.page.getByTestId("upcoming-draws").getByTestId("live-draw").filter({ hasText: title })).toHaveCount(1);
  await expect(buyer.page.getByTestId("recent-draws").getByTestId("live-draw").filter({ hasText: title })).toHaveCount(0);
  // The latest draws list the demo's drawn contest, never "No contest has been drawn yet".
  await expect(buyer.page.getByText("No contest has been drawn yet.")).toHaveCount(0);
  await expect(buyer.page.getByTestId("recent-draws").getByTestId("live-draw").first()).toBeVisible();
  // Titles are quiet links to their contest (no default underline).
  const link = buyer.page.getByTestId("live-draw").filter({ hasText: title }).getByRole("link", { name: title });
  expect(await link.evaluate((el) => getComputedStyle(el).textDecorationLine)).toBe("none");

  // Replay: the same sequence from the stored record.
  await panel.getByTestId("replay-draw").click();
  await expect(panel.getByTestId("live-winner")).toHaveText("Winner: Pat P.", { timeout: 15_000 });

  // The buyer proves their two tickets were in the committed list, in the browser.
  await buyer.page.goto(`/contest/${contestId}`);
  await scrollToProofSections(buyer.page);
  const mine = buyer.page.getByTestId("my-entry-proofs");
  await mine.getByRole("button", { name: "Prove tickets #1–#2 were in the draw" }).click();
  await expect(mine.getByTestId("entry-proof-ok")).toContainText("Verified in your browser: entry 1 of 1");
  // Nobody else can fetch it.
  const entryId = (await (await buyer.page.request.get("/api/user/purchases")).json())[0].entryId as string;
  const other = await watcher.page.request.get(`/api/contests/${contestId}/draw/proof?entry=${entryId}`);
  expect(other.status()).toBe(403);

  await buyer.context.close();
  await watcher.context.close();
});

// A contest page's proof sections (instant prizes, the live draw, the proof) load as the player nears
// them (src/components/common/DeferredSection.tsx): on a phone they begin two screens down, and a page
// opened and read above the fold never fetches their code or their reads; someone moving by keyboard
// gets them with their first focus move, before reaching them. On a desktop they load with the page.
// The lists come with the page (drawn after a request of their own, they pushed the footer half a
// screen down as they arrived), and an upcoming draw's card reads nothing of its own until its sales close.
test("/draws/live comes with its lists; an upcoming draw's card reads no draw record of its own", async ({ browser, page }) => {
  const title = `Upcoming Draw ${Date.now()}`;
  // Ending as soon as a contest may (72 hours, for postal entries): among the next twelve draws listed.
  const id = await createContestViaApi(browser, { title, endDate: new Date(Date.now() + 73 * 3_600_000).toISOString() });
  const html = await (await page.request.get("/draws/live")).text();
  expect(html).toContain(title);

  const recordReads: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("contests.drawRecord")) recordReads.push(decodeURIComponent(r.url()));
  });
  await page.goto("/draws/live");
  const card = page.getByTestId("upcoming-draws").getByTestId("live-draw").filter({ hasText: title });
  await expect(card.getByTestId("live-draw-status")).toHaveText("Upcoming");
  await expect(card.getByTestId("draw-countdown")).toHaveText(/^Draw in \d+d \d\dh \d\dm( \d\ds)?$/);
  await page.waitForLoadState("networkidle");
  expect(recordReads.filter((url) => url.includes(id))).toEqual([]);
});

test("/draws/live on a phone: a latest draw below the fold shows its title and Drawn with the page, and loads its panel as it scrolls into view", async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const lists = (await (await page.request.get("/api/draws/live")).json()) as {
    upcoming: unknown[];
    recent: { id: string; title: string; drawnAt: string | null }[];
  };
  const drawn = lists.recent.filter((c) => c.drawnAt).at(-1);
  expect(drawn, "the demo data has a drawn contest").toBeTruthy();
  if (!drawn) return;
  const html = await (await page.request.get("/draws/live")).text();
  expect(html).toContain(drawn.title);

  const recordReads: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("contests.drawRecord")) recordReads.push(decodeURIComponent(r.url()));
  });
  await page.goto("/draws/live");
  const card = page.getByTestId("recent-draws").getByTestId("live-draw").filter({ hasText: drawn.title });
  await expect(card.getByTestId("live-draw-status")).toHaveText("Drawn");
  await page.waitForLoadState("networkidle");
  // Far below the fold (the demo's dozen upcoming cards above it): nothing read for it yet.
  expect(lists.upcoming.length).toBeGreaterThanOrEqual(6);
  expect(await card.evaluate((el) => el.getBoundingClientRect().top > window.innerHeight * 1.5)).toBe(true);
  expect(recordReads.filter((url) => url.includes(drawn.id))).toEqual([]);
  await card.scrollIntoViewIfNeeded();
  await expect(card.getByRole("button", { name: "Verify in your browser" })).toBeVisible({ timeout: 15_000 });
  expect(recordReads.filter((url) => url.includes(drawn.id)).length).toBeGreaterThan(0);
  await context.close();
});

test("a contest page loads its proof sections as a phone scrolls to them or focus moves, and with the page on a desktop", async ({
  browser,
}) => {
  // A contest of its own: the newest active one may be another spec's pick-your-numbers or sold-out one.
  const id = await createContestViaApi(browser, { title: `Deferred proof ${Date.now()}` });
  for (const [viewport, reach] of [
    [{ width: 390, height: 844 }, "scroll"],
    [{ width: 390, height: 844 }, "keyboard"],
    [{ width: 1366, height: 900 }, "none"],
  ] as const) {
    const { context, page } = await newPlayer(browser, { viewport });
    const reads: string[] = [];
    page.on("request", (r) => {
      if (/contests\.drawRecord|instantWins\.record/.test(r.url())) reads.push(r.url());
    });
    await page.goto(`/contest/${id}`);
    await expect(page.getByRole("button", { name: "Add to Cart" })).toBeEnabled();
    await page.waitForLoadState("networkidle");
    if (reach !== "none") {
      // Hydrated and quiet: before, the sections loaded here, when the browser went idle.
      await expect(page.getByTestId("proof-sections-placeholder")).toHaveCount(1);
      await expect(page.getByTestId("draw-proof-card")).toHaveCount(0);
      expect(reads).toEqual([]);
      if (reach === "scroll") await page.getByTestId("proof-sections-placeholder").scrollIntoViewIfNeeded();
      else await page.keyboard.press("Tab");
    }
    // Drawn (attached) without scrolling to them on the keyboard's path: they wait below for the reader.
    await expect(page.getByTestId("draw-proof-card")).toHaveCount(1);
    await expect(page.getByTestId("live-draw")).toHaveCount(1);
    if (reach !== "keyboard") await expect(page.getByTestId("draw-proof-card")).toBeVisible();
    expect(reads.length).toBeGreaterThan(0);
    await context.close();
  }
});
