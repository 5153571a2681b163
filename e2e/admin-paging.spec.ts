import { type APIRequestContext, expect, type Locator, type Page, test } from "@playwright/test";
import { ADMIN, holdLock, signInViaApi } from "./helpers";
import { asAdmin, createContest, newPlayer } from "./players";

// The admin lists are pages (docs/admin.md "Paged lists and phones"), on desktop and phone: the
// Outbox shows 50 e-mails and "Load more" fetches the next page; the Messages tab's search asks the
// server, so it finds a conversation that is not on the page loaded. Each sign-up writes one mail
// (the address's verification link), so 51 new accounts with one marker in their address make a list
// of 51 that no other spec shares.
const SLOW = { timeout: 30_000 };
const ROWS = 51;

/**
 * Presses "Load more" if it is there and ready. Never waits for it: the page it brings may be the
 * last, after which the button is gone, and a click waiting for it would wait out the test.
 */
async function pressLoadMore(page: Page): Promise<void> {
  const button = page.getByRole("button", { name: "Load more" });
  if ((await button.isVisible()) && (await button.isEnabled())) await button.click({ timeout: 2_000 }).catch(() => {});
}

/**
 * Presses "Load more" until `rows` number `count`: pressed again if a click raced a refetch (a
 * tab's timer, other specs' live ticks, a filter applying) and brought nothing.
 */
async function loadMoreUntil(page: Page, rows: Locator, count: number): Promise<void> {
  await expect(async () => {
    await pressLoadMore(page);
    await expect(rows).toHaveCount(count, { timeout: 5_000 });
  }).toPass(SLOW);
}

/**
 * The 51 marked accounts, made once per worker by whichever test needs them first (both do; the
 * second reuses them), answering their marker.
 */
let marked: Promise<string> | null = null;
function markedAccounts(request: APIRequestContext, project: string): Promise<string> {
  marked ??= (async () => {
    const marker = `paging-${project}-${Date.now()}`;
    // Five at a time: the server hashes a few passwords at once and answers 503 (try again) beyond.
    for (let i = 0; i < ROWS; i += 5) {
      await Promise.all(
        Array.from({ length: Math.min(5, ROWS - i) }, async (_, k) => {
          const signup = () =>
            request.post("/api/auth/signup", {
              data: {
                firstName: "Page",
                lastName: "Player",
                email: `${marker}-${i + k}@example.com`,
                password: "secret123",
                confirmPassword: "secret123",
                securityQuestion: "What is your favourite movie?",
                securityAnswer: "heat",
                spendLimit: { choice: "declined" },
              },
            });
          let res = await signup();
          for (let tries = 0; res.status() === 503 && tries < 5; tries++) {
            await new Promise((r) => setTimeout(r, 1000 * Number(res.headers()["retry-after"] ?? 1)));
            res = await signup();
          }
          expect(res.status()).toBe(201);
        }),
      );
    }
    return marker;
  })();
  return marked;
}

test("the Outbox shows a page of 50 and Load more brings the next", async ({ page, request }, info) => {
  test.setTimeout(180_000);
  const marker = await markedAccounts(request, info.project.name);

  await signInViaApi(page, ADMIN);
  await page.goto("/admin?tab=outbox");
  const rows = page.getByTestId("outbox-row");
  await expect(rows.first()).toBeVisible(SLOW);
  await page.getByLabel("Search by recipient").fill(marker);
  // The search applies after a short pause: wait until every row shown is one of this test's.
  await expect(rows.filter({ hasNotText: marker })).toHaveCount(0, SLOW);
  await expect(rows).toHaveCount(50, SLOW);
  await expect(page.getByTestId("list-count")).toHaveText("Showing 50 e-mails so far");
  await loadMoreUntil(page, rows, ROWS);
  await expect(page.getByTestId("list-count")).toHaveText(`Showing ${ROWS} e-mails`);
  await expect(page.getByRole("button", { name: "Load more" })).toHaveCount(0);
  // Newest first: the last row is one of the first ten accounts (made together, before the others).
  await expect(rows.last()).toContainText(new RegExp(`${marker}-\\d@example\\.com`));
});

test("the Messages search asks the server: it finds a conversation beyond the first page", async ({
  browser,
  page,
  request,
}, info) => {
  test.setTimeout(180_000);
  const marker = await markedAccounts(request, info.project.name);
  // A player writes first; then 51 newer conversations push theirs off the first page of 50.
  const word = `windscreen${Date.now().toString(36)}`;
  const needle = await newPlayer(browser);
  const sent = await needle.page.request.post("/api/support/messages", {
    data: { message: `The ${word} of my prize car is cracked` },
  });
  expect(sent.status()).toBe(201);
  await needle.context.close();

  await signInViaApi(page, ADMIN);
  const users = await (await page.request.get(`/api/admin/users?search=${marker}&limit=100`)).json();
  expect(users).toHaveLength(ROWS);
  for (let i = 0; i < ROWS; i += 5) {
    await Promise.all(
      users.slice(i, i + 5).map(async (u: { id: string }) => {
        const res = await page.request.post("/api/support/admin-reply", {
          data: { userId: u.id, message: "Checking in: is everything all right with your account?" },
        });
        expect(res.status()).toBe(201);
      }),
    );
  }

  await page.goto("/admin?tab=messages");
  const rows = page.getByTestId("conversation");
  // The first page (50; the other project's worker may add its own live rows on top while it writes).
  await expect(rows.nth(49)).toBeVisible(SLOW);
  await expect(page.getByTestId("list-count")).toHaveText(/^Showing \d+ conversations so far$/);
  await expect(page.getByRole("button", { name: "Load more" })).toBeVisible();
  await expect(rows.filter({ hasText: needle.email })).toHaveCount(0);

  // A player writing now arrives live, on the first page, and the list still says more follow (a
  // first page of 51 once took "Load more" away).
  const late = await newPlayer(browser);
  const lateSent = await late.page.request.post("/api/support/messages", { data: { message: "Where is my prize?" } });
  expect(lateSent.status()).toBe(201);
  await late.context.close();
  await expect(rows.filter({ hasText: late.email })).toHaveCount(1, SLOW);
  await expect(page.getByTestId("list-count")).toHaveText(/^Showing \d+ conversations so far$/);
  await expect(page.getByRole("button", { name: "Load more" })).toBeVisible();

  // By a word of the player's message, in other case: the server finds it, one row.
  const search = page.getByPlaceholder("Search conversations...");
  await search.fill(word.toUpperCase());
  await expect(rows).toHaveCount(1, SLOW);
  await expect(rows.first()).toContainText(needle.email);
  await expect(page.getByTestId("list-count")).toHaveText("Showing 1 matching conversation");
  await rows.first().click();
  await expect(page.getByTestId("chat-message").filter({ hasText: word })).toBeVisible(SLOW);

  // Nothing matches: the empty state says so (and the open conversation stays open).
  await search.fill(`${word}-nobody`);
  await expect(page.getByText("No conversations found")).toBeVisible(SLOW);
  await expect(page.getByTestId("conversations-no-match")).toContainText(`No conversations match “${word}-nobody”`);
  await expect(page.getByTestId("chat-message").filter({ hasText: word })).toBeVisible();

  // By the player's e-mail; cleared, the list is the first page again.
  await search.fill(needle.email);
  await expect(rows).toHaveCount(1, SLOW);
  await expect(rows.first()).toContainText(needle.email);
  await search.fill("");
  await expect(rows.nth(49)).toBeVisible(SLOW);
  await expect(rows.filter({ hasText: needle.email })).toHaveCount(0);
});

/**
 * 51 contests with one marker in their titles, made by the admin signed in on `page` once per worker
 * and cancelled as soon as made (nothing sold), so that no player's home lists them. Each is two
 * entries in the audit log by that admin (made, cancelled).
 */
let contestsMade: Promise<string> | null = null;
function markedContests(page: Page, project: string): Promise<string> {
  contestsMade ??= (async () => {
    const marker = `Paging ${project} ${Date.now()}`;
    for (let i = 0; i < ROWS; i += 5) {
      await Promise.all(
        Array.from({ length: Math.min(5, ROWS - i) }, async (_, k) => {
          const id = await createContest(page, {
            title: `${marker} #${i + k}`,
            description: "A contest made to fill a page of the admin list.",
          });
          const cancelled = await page.request.post(`/api/admin/contests/${id}/status`, { data: { status: "cancelled" } });
          expect(cancelled.ok()).toBe(true);
        }),
      );
    }
    return marker;
  })();
  return contestsMade;
}

test("the Contests tab shows a page of 50 and Load more brings the next", async ({ page }, info) => {
  test.setTimeout(180_000);
  await signInViaApi(page, ADMIN);
  const marker = await markedContests(page, info.project.name);
  await page.goto("/admin?tab=contests");
  const rows = page.getByTestId("admin-contest-row");
  await expect(rows.first()).toBeVisible(SLOW);
  await page.getByLabel("Search contests by title").fill(marker);
  // The search applies after a short pause: wait until every row shown is one of this test's.
  await expect(rows.filter({ hasNotText: marker })).toHaveCount(0, SLOW);
  await expect(rows).toHaveCount(50, SLOW);
  await expect(page.getByTestId("list-count")).toHaveText("Showing 50 contests so far");
  await loadMoreUntil(page, rows, ROWS);
  await expect(page.getByTestId("list-count")).toHaveText(`Showing ${ROWS} contests`);
  await expect(page.getByRole("button", { name: "Load more" })).toHaveCount(0);
  // Newest first: the last row is one of the first five made (together, before the others).
  await expect(rows.last()).toContainText(new RegExp(`${marker} #[0-4](?!\\d)`));
});

test("the Audit tab shows a page of 50 entries and Load more brings the next", async ({ page }, info) => {
  test.setTimeout(180_000);
  await signInViaApi(page, ADMIN);
  // Over 100 entries by this admin: the marked contests, each made and cancelled.
  await markedContests(page, info.project.name);
  await page.goto("/admin?tab=audit");
  const rows = page.getByTestId("audit-entry");
  await expect(rows.first()).toBeVisible(SLOW);
  // The unfiltered list is a page of 50 too: wait for the filtered answer before counting (a Load
  // more pressed on the unfiltered list once made 100 rows, which the filter then brought back to 50).
  const filtered = page.waitForResponse(
    (r) => r.url().includes("admin.audit") && decodeURIComponent(r.url()).includes(ADMIN.email),
    SLOW,
  );
  await page.getByLabel("Filter by admin email").fill(ADMIN.email);
  await filtered;
  await expect(rows).toHaveCount(50, SLOW);
  await expect(page.getByTestId("list-count")).toHaveText("Showing 50 entries so far");
  await loadMoreUntil(page, rows, 100);
  await expect(page.getByTestId("list-count")).toHaveText("Showing 100 entries so far");
  await expect(rows.filter({ hasNotText: ADMIN.email })).toHaveCount(0);
});

/** The `data-track-id`s (or another attribute) of the rows on screen, in order. */
function attributes(rows: Locator, name: string): Promise<string[]> {
  return rows.evaluateAll((els, attr) => els.map((e) => e.getAttribute(attr) ?? ""), name);
}

test("the Payments tab shows the 50 oldest pending payments and Load more brings the next", async ({ browser, page }) => {
  test.setTimeout(240_000);
  // Other specs find their own pending payment on this tab's first page (oldest first): while this
  // test's 51 wait, theirs would be on the second. They hold the same lock from creating to deciding.
  const release = await holdLock("pending-payments");
  const mine: { id: string; trackId: string }[] = [];
  try {
    // Five open top-ups at most per player (LIMITS.openTopUpsMax): 11 players, the last with one.
    for (let p = 0; mine.length < ROWS; p++) {
      const player = await newPlayer(browser);
      for (let k = 0; k < 5 && mine.length < ROWS; k++) {
        const res = await player.page.request.post("/api/payments/create", {
          data: { amount: `${p + 1}.${String(k).padStart(2, "0")}`, currency: "USD", cryptoCurrency: "USDT" },
        });
        expect(res.ok()).toBe(true);
        const payment = await res.json();
        mine.push({ id: payment.paymentId, trackId: payment.trackId });
      }
      await player.context.close();
    }

    await signInViaApi(page, ADMIN);
    await page.goto("/admin?tab=payments");
    const rows = page.getByTestId("pending-payment");
    await expect(rows).toHaveCount(50, SLOW);
    await expect(page.getByTestId("list-count")).toHaveText(/^Showing 50 of \d+ pending payments$/, SLOW);
    const first = await attributes(rows, "data-track-id");
    // Oldest first: whatever other pending payments came before, the newest of this test's is not
    // on the first page.
    expect(first).not.toContain(mine.at(-1)?.trackId);

    const wanted = new Set(mine.map((m) => m.trackId));
    await expect(async () => {
      await pressLoadMore(page);
      const shown = await attributes(rows, "data-track-id");
      expect(shown.filter((t) => wanted.has(t))).toHaveLength(ROWS);
    }).toPass(SLOW);
    // Each payment once, in the order they were made (oldest first).
    const shown = await attributes(rows, "data-track-id");
    expect(new Set(shown).size).toBe(shown.length);
    expect(shown.filter((t) => wanted.has(t))).toEqual(mine.map((m) => m.trackId));
    await expect(page.getByTestId("list-count")).toHaveText(new RegExp(`^Showing ${shown.length}( of \\d+)? pending payments$`));
  } finally {
    // Decided, they leave the list: the other specs' payments are on the first page again.
    await asAdmin(browser, async (admin) => {
      for (let i = 0; i < mine.length; i += 10)
        await Promise.all(mine.slice(i, i + 10).map((m) => admin.request.post(`/api/payments/${m.id}/reject`)));
    });
    await release();
  }
});

test("the Winner Posts tab shows 50 posts and Load more brings the next, drafts included", async ({ page }, info) => {
  test.setTimeout(180_000);
  await signInViaApi(page, ADMIN);
  // 51 drafts won long ago: the oldest wins, so they sort after every other spec's post (newest win
  // first) and, being drafts, never show in the public gallery.
  const marker = `Paging post ${info.project.name} ${Date.now()}`;
  for (let i = 0; i < ROWS; i += 5) {
    await Promise.all(
      Array.from({ length: Math.min(5, ROWS - i) }, async (_, k) => {
        const n = i + k;
        const res = await page.request.post("/api/admin/winner-posts", {
          data: {
            title: `${marker} #${n}`,
            description: "A draft made to fill a page of the admin list.",
            winnerName: "Page P.",
            winnerId: "paging",
            contestId: "paging",
            contestTitle: "Paging contest",
            imageUrl: "",
            // One minute apart, the first made the newest win.
            winDate: new Date(Date.UTC(2001, 0, 1, 12, 0) - n * 60_000).toISOString(),
            isPublished: false,
          },
        });
        expect(res.status()).toBe(201);
      }),
    );
  }

  await page.goto("/admin?tab=winner-posts");
  const cards = page.getByTestId("admin-winner-post");
  const marked = cards.filter({ hasText: marker });
  await expect(cards).toHaveCount(50, SLOW);
  await expect(page.getByTestId("list-count")).toHaveText("Showing 50 posts so far");
  // The last of them won longest ago: not on the first page.
  await expect(marked.filter({ hasText: `${marker} #${ROWS - 1}` })).toHaveCount(0);
  await expect(async () => {
    await pressLoadMore(page);
    await expect(marked).toHaveCount(ROWS, { timeout: 5_000 });
  }).toPass(SLOW);
  // Each once, newest win first; a draft says so.
  const numbers = (await marked.allTextContents()).map((t) =>
    Number(t.slice(t.indexOf(marker) + marker.length).match(/^ #(\d+)/)?.[1]),
  );
  expect(numbers).toEqual(Array.from({ length: ROWS }, (_, n) => n));
  await expect(marked.first()).toContainText("Draft");
});
