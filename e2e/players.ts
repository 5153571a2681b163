import { type Browser, type BrowserContext, expect, type Locator, type Page } from "@playwright/test";
import { ADMIN, signInViaApi } from "./helpers";

let counter = 0;

/** A brand-new signed-in player in its own browser context (so specs never share a balance or a cart). */
export async function newPlayer(
  browser: Browser,
  opts: { balance?: string; viewport?: { width: number; height: number }; timezoneId?: string } = {},
): Promise<{ context: BrowserContext; page: Page; email: string; password: string }> {
  const context = await browser.newContext({
    ...(opts.viewport ? { viewport: opts.viewport } : {}),
    ...(opts.timezoneId ? { timezoneId: opts.timezoneId } : {}),
  });
  const page = await context.newPage();
  counter += 1;
  const email = `h18-${Date.now()}-${counter}@example.com`;
  const password = "secret123";
  const signup = await page.request.post("/api/auth/signup", {
    data: {
      firstName: "Pat",
      lastName: "Player",
      email,
      password,
      confirmPassword: password,
      securityQuestion: "What is your favourite movie?",
      securityAnswer: "heat",
      // Answered at sign-up, so checkout is not interrupted by the spend-limit prompt (e2e/safer-play.spec.ts covers it).
      spendLimit: { choice: "declined" },
    },
  });
  expect(signup.status()).toBe(201);
  await signInViaApi(page, { email, password });
  if (opts.balance) await topUp(browser, page, opts.balance);
  return { context, page, email, password };
}

/** Tops the page's player up through the sandbox: create, simulate payment, an admin approves. */
export async function topUp(browser: Browser, page: Page, amount: string): Promise<void> {
  const payment = await (
    await page.request.post("/api/payments/create", { data: { amount, currency: "USD", cryptoCurrency: "USDT" } })
  ).json();
  expect((await page.request.post(`/api/payments/sandbox/${payment.trackId}/pay`)).ok()).toBe(true);
  await asAdmin(browser, async (admin) => {
    expect((await admin.request.post(`/api/payments/${payment.paymentId}/approve`)).ok()).toBe(true);
  });
}

/** Runs `fn` with a signed-in admin page in its own context. */
export async function asAdmin<T>(browser: Browser, fn: (admin: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext();
  try {
    const admin = await context.newPage();
    await signInViaApi(admin, ADMIN);
    return await fn(admin);
  } finally {
    await context.close();
  }
}

/**
 * The admin Contests tab's row for `title`, found with the tab's title search: the list is a page of
 * 50, newest first, and other specs' contests (e2e/admin-paging.spec.ts makes 51 at once) push older
 * ones past it.
 */
export async function adminContestRow(admin: Page, title: string): Promise<Locator> {
  await admin.getByRole("textbox", { name: "Search contests by title" }).fill(title);
  const rows = admin.getByTestId("admin-contest-row");
  // The search applies after a short pause: wait until every row shown is a match.
  await expect(rows.filter({ hasNotText: title })).toHaveCount(0, { timeout: 30_000 });
  return rows.filter({ hasText: title });
}

type ContestFields = {
  title: string;
  description?: string;
  ticketPrice?: number;
  maxTickets?: number | null;
  category?: string;
  /** ISO time; none: the contest ends when sold out or ended by an admin. */
  endDate?: string;
};

/** Creates an active contest through the admin REST row, as the admin signed in on `admin`, and answers its id. */
export async function createContest(admin: Page, fields: ContestFields): Promise<string> {
  const res = await admin.request.post("/api/admin/contests", {
    data: {
      title: fields.title,
      description: fields.description ?? "A contest made by an end-to-end test.",
      ticketPrice: fields.ticketPrice ?? 1,
      maxTickets: fields.maxTickets ?? null,
      originalPrice: null,
      discountPercentage: null,
      category: fields.category ?? "watches",
      imageUrl: "/images/contests/gold-watch.svg",
      status: "active",
      soldTickets: 0,
      ...(fields.endDate && { endDate: fields.endDate }),
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()).contest.id as string;
}

/** `createContest` in an admin context of its own. */
export async function createContestViaApi(browser: Browser, fields: ContestFields): Promise<string> {
  return asAdmin(browser, (admin) => createContest(admin, fields));
}

/**
 * The signed-in home's card for `title`. The home shows one screen of contests, newest first, and
 * more with "Show more contests" (src/components/contests/SignedInHome.tsx): specs beside this one
 * add contests all the time, so the card is looked for page by page.
 */
export async function homeCard(page: Page, title: string): Promise<Locator> {
  const card = page.getByTestId("contest-card").filter({ hasText: title });
  const more = page.getByRole("button", { name: "Show more contests" });
  await expect(page.getByTestId("contest-grid")).toBeVisible({ timeout: 30_000 });
  // Scrolling "Show more contests" into view loads the next page by itself (a click would race that
  // load: the button is busy while it runs); e2e/home.spec.ts presses the button itself.
  for (let pages = 0; pages < 200; pages++) {
    if ((await card.count()) > 0) return card;
    const shown = await page.getByTestId("contest-card").count();
    if (!(await more.isVisible())) break;
    await more.scrollIntoViewIfNeeded().catch(() => undefined); // it may go once the last page is in
    await expect
      .poll(async () => (await page.getByTestId("contest-card").count()) > shown || !(await more.isVisible()), {
        timeout: 30_000,
      })
      .toBe(true);
  }
  await expect(card).toHaveCount(1); // fails here, naming the card that never showed
  return card;
}
