/**
 * The pages the fast path keeps for many players, on the real build (src/server/edge/shared-pages.ts,
 * src/server/edge/fast-path.ts): the same bytes for every player, none of their data in them, never the
 * visitor landing after a logout raced the first render, and only Next's scripts allowed.
 */
import { type Browser, expect, type Page, test } from "@playwright/test";
import { createContestViaApi, topUp } from "./players";

const HOME_MARKER = '<meta name="prize-shared-page" content="home"/>';

type Distinct = { page: Page; secrets: string[]; close: () => Promise<void> };

/** A player with a name, balance and daily limit no page would carry by chance. */
async function distinctivePlayer(browser: Browser, tag: string, balance: string, daily: string): Promise<Distinct> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const firstName = `Xanthe${tag}`;
  const lastName = `Vorlova${tag}`;
  const email = `kept-${tag.toLowerCase()}-${Date.now()}@example.com`;
  const password = "secret123";
  const signup = await page.request.post("/api/auth/signup", {
    data: {
      firstName,
      lastName,
      email,
      password,
      confirmPassword: password,
      securityQuestion: "What is your favourite movie?",
      securityAnswer: "heat",
    },
  });
  expect(signup.status()).toBe(201);
  expect((await page.request.post("/api/auth/login", { data: { email, password } })).ok()).toBe(true);
  await topUp(browser, page, balance);
  expect((await page.request.put("/api/user/limits", { data: { daily } })).ok()).toBe(true);
  expect((await page.request.put("/api/user/date-of-birth", { data: { dateOfBirth: "1990-04-12" } })).ok()).toBe(true);
  const [whole, cents] = balance.split(".");
  const grouped = `${Number(whole).toLocaleString("en-US")}.${cents}`;
  return { page, secrets: [firstName, lastName, email, balance, grouped, daily], close: () => context.close() };
}

let made = 0;

/**
 * A contest of this spec's own that any player can buy one ticket of with a bare cart/add: one picked
 * from the list could be ended by another spec running beside this one (the journey ends its own).
 */
async function plainContest(browser: Browser): Promise<string> {
  made += 1;
  return createContestViaApi(browser, { title: `Kept Pages Watch ${Date.now()}-${made}`, maxTickets: 1000 });
}

/** A purchase by `buyer`: the contest list changes, so the next page load renders the kept pages again. */
async function newVersion(buyer: Page, contestId: string): Promise<void> {
  const res = await buyer.request.post("/api/cart/add", { data: { contestId, quantity: 1 } });
  expect(res.ok(), await res.text()).toBe(true);
}

test("a kept page is the same bytes for every player and holds none of their data", async ({ browser }) => {
  const contestId = await plainContest(browser);
  expect(contestId).not.toBe("");
  const ann = await distinctivePlayer(browser, "Ann", "4321.17", "987.65");
  const bob = await distinctivePlayer(browser, "Bob", "1234.89", "543.21");
  try {
    for (const path of ["/", `/contest/${contestId}`]) {
      for (const [first, second] of [
        [ann, bob],
        [bob, ann],
      ] as const) {
        await newVersion(first.page, contestId); // `first` triggers the render of the new version
        let html = "";
        // Specs running beside this one buy tickets too, and each sale is a new version of the list:
        // read the pair again until no sale fell between the two reads.
        await expect(async () => {
          const a = await first.page.request.get(path);
          const b = await second.page.request.get(path);
          expect(a.status()).toBe(200);
          html = await a.text();
          expect(await b.text(), `${path}: the kept bytes differ between players`).toBe(html);
        }).toPass({ timeout: 20_000 });
        if (path === "/") expect(html).toContain(HOME_MARKER);
        for (const secret of [...ann.secrets, ...bob.secrets]) expect(html, `${path} carries "${secret}"`).not.toContain(secret);
      }
    }
  } finally {
    await ann.close();
    await bob.close();
  }
});

test("a logout racing a player's first load of / never makes other players see the landing", async ({ browser }) => {
  const contestId = await plainContest(browser);
  const watcher = await distinctivePlayer(browser, "Wat", "250.00", "100.00");
  try {
    for (let round = 0; round < 3; round += 1) {
      const context = await browser.newContext();
      const fresh = await context.newPage();
      const email = `race-${round}-${Date.now()}@example.com`;
      expect(
        (
          await fresh.request.post("/api/auth/signup", {
            data: {
              firstName: "Race",
              lastName: `Round ${round}`,
              email,
              password: "secret123",
              confirmPassword: "secret123",
              securityQuestion: "What is your favourite movie?",
              securityAnswer: "heat",
            },
          })
        ).status(),
      ).toBe(201);
      expect((await fresh.request.post("/api/auth/login", { data: { email, password: "secret123" } })).ok()).toBe(true);
      await newVersion(watcher.page, contestId); // nothing kept for this version yet
      await Promise.all([fresh.request.get("/"), fresh.request.post("/api/auth/logout")]);
      await context.close();
      const seen = await watcher.page.request.get("/");
      expect(seen.status()).toBe(200);
      const html = await seen.text();
      expect(html, `round ${round}: a player got the visitor landing at /`).toContain(HOME_MARKER);
    }
  } finally {
    await watcher.close();
  }
});

test("a player's kept home and contest page run in Chromium with no CSP violation", async ({ browser }) => {
  const contestId = await plainContest(browser);
  const player = await distinctivePlayer(browser, "Csp", "75.00", "50.00");
  try {
    const violations: string[] = [];
    player.page.on("console", (msg) => {
      if (/Content Security Policy/i.test(msg.text())) violations.push(msg.text());
    });
    for (const path of ["/", `/contest/${contestId}`]) {
      const res = await player.page.goto(path);
      expect(res?.status()).toBe(200);
      const scriptSrc = /script-src ([^;]*)/.exec(res?.headers()["content-security-policy"] ?? "")?.[1] ?? "";
      expect(scriptSrc).toContain("'sha256-"); // the kept page's scripts, by hash
      expect(scriptSrc).not.toContain("unsafe-inline");
      await player.page.waitForLoadState("networkidle");
      // Hydrated: the player's own balance is filled in by the browser, not the kept HTML.
      await expect(player.page.getByTestId("user-menu-balance")).toHaveText("$75.00");
    }
    expect(violations).toEqual([]);
  } finally {
    await player.close();
  }
});

test("the players' shells are not pages of their own: asked for directly, or with a guessed render header, signed out", async ({
  request,
}) => {
  const contests = (await (await request.get("/api/contests")).json()) as { id: string }[];
  const id = contests[0]?.id ?? "";
  for (const path of ["/shell/home", `/shell/contest/${id}`]) {
    const res = await request.get(path, { maxRedirects: 0 });
    expect(res.status(), path).toBe(404);
    expect(res.headers()["x-content-type-options"]).toBe("nosniff");
  }
  // The render header only works with this process's random token (src/server/edge/shared-pages.ts).
  const guessed = await request.get(`/contest/${id}`, { headers: { "x-fast-path-render": "1" }, maxRedirects: 0 });
  expect(await guessed.text()).not.toContain('<meta name="prize-shared-page"');
});

test("on a kept page the player's own questions go out with auth.me, one round trip, not after its answer", async ({
  browser,
}) => {
  // src/components/common/useCurrentUser.ts, playerQueriesEnabled: a kept page is only served to a
  // valid session, so the standing and a contest's free-entry status need not wait for the user.
  const contestId = await plainContest(browser);
  const { page, close } = await distinctivePlayer(browser, "Batch", "12.34", "50");
  const batches: string[][] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith("/api/trpc/") && url.searchParams.has("batch"))
      batches.push(url.pathname.slice("/api/trpc/".length).split(","));
  });
  for (const [path, mine] of [
    ["/", ["responsiblePlay.standing"]],
    [`/contest/${contestId}`, ["responsiblePlay.standing", "picking.freeEntryStatus"]],
  ] as const) {
    batches.length = 0;
    await page.goto(path);
    await expect(page.getByTestId("user-menu").first()).toBeAttached({ timeout: 30_000 });
    await expect
      .poll(() => batches.find((b) => b.includes("auth.me")), { timeout: 30_000 })
      .toEqual(expect.arrayContaining([...mine]));
    // Asked once: none of them again in a batch of its own.
    for (const name of mine)
      expect(
        batches.filter((b) => b.includes(name)),
        `${path} ${name}`,
      ).toHaveLength(1);
  }
  await close();
});
