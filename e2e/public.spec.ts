import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "./axe";
import { ADMIN, PLAYER, signInViaApi } from "./helpers";

const PUBLIC_PAGES = [
  { path: "/", title: "Prize Contests – Win Your Dream Car", h1: "Win Your Dream Car" },
  { path: "/dream-car", title: "Win Your Dream Car | Prize Contests", h1: "Drive Away in Your Dream Car" },
  { path: "/dream-car-competition", title: "Dream Car Competitions | Prize Contests", h1: "Dream Car Competitions" },
  { path: "/winners", title: "Our Winners | Prize Contests", h1: "Our Winners" },
  { path: "/no-such-page", title: "404 Page Not Found | Prize Contests", h1: "404 Page Not Found" },
  { path: "/draws/live", title: "Live draws | Prize Contests", h1: "Live draws" },
  { path: "/how-we-run-our-draws", title: "How we run our draws | Prize Contests", h1: "How we run our draws" },
  { path: "/complaints-policy", title: "Complaints Policy | Prize Contests", h1: "Complaints Policy" },
  { path: "/proof-of-liabilities", title: "Proof of liabilities | Prize Contests", h1: "Proof of liabilities" },
  // The emailed links' landings with no token: the red "invalid link" text must be legible.
  { path: "/reset-password", title: "Choose a New Password | Prize Contests", h1: "Choose a New Password" },
  { path: "/verify-email", title: "Verify Your E-mail Address | Prize Contests", h1: "Verify your e-mail address" },
];

const CATEGORY_LINKS = [
  ["All Contests", "/"],
  ["Cars", "/?category=cars"],
  ["Houses", "/?category=houses"],
  ["Bikes", "/?category=bikes"],
  ["Watches", "/?category=watches"],
  ["Money", "/?category=money"],
  ["Cash", "/?category=cash"],
  ["Tax Free Cash", "/?category=tax_free_cash"],
] as const;

const MOBILE = { width: 390, height: 844 };

async function metaDescription(page: Page) {
  return page.locator('meta[name="description"]').getAttribute("content");
}

test.describe("public pages on desktop", () => {
  for (const p of PUBLIC_PAGES) {
    test(`${p.path} has its title, description, heading and no serious axe violations`, async ({ page }) => {
      await page.goto(p.path);
      await expect(page).toHaveTitle(p.title);
      expect((await metaDescription(page))?.length).toBeGreaterThan(20);
      await expect(page.getByRole("heading", { level: 1, name: p.h1 })).toBeVisible();
      await expect(page.getByText("$1.79").first()).toBeVisible(); // promo banner on every page
      await expectNoSeriousAxeViolations(page, p.path);
    });
  }

  test("every page has a distinct meta description", async ({ page }) => {
    const seen = new Set<string | null>();
    for (const p of PUBLIC_PAGES.slice(1)) {
      await page.goto(p.path);
      seen.add(await metaDescription(page));
    }
    expect(seen.size).toBe(PUBLIC_PAGES.length - 1);
  });

  test("the signed-out landing shows every section of docs/product.md §2 with working links", async ({ page }) => {
    await page.goto("/");
    const header = page.locator("header");
    await expect(header.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/login");
    await expect(header.getByRole("link", { name: "Winners" })).toHaveAttribute("href", "/winners");
    await expect(header.getByRole("link", { name: "Fortune Wheel" })).toHaveAttribute("href", "/wheel");
    await expect(header.getByRole("link", { name: "Admin" })).toHaveCount(0);

    const main = page.locator("main");
    await expect(main.getByRole("link", { name: "Start Winning Today" })).toHaveAttribute("href", "/login");
    await expect(main.getByRole("link", { name: "View All Contests" })).toHaveAttribute("href", "/dream-car-competition");
    await expect(page.getByTestId("teaser")).toHaveCount(3);
    await expect(page.getByTestId("teaser").filter({ hasText: "$50,000+" })).toHaveCount(1);
    await expect(page.getByTestId("teaser").filter({ hasText: "Luxury Motorcycles" })).toHaveCount(1);
    await expect(page.getByTestId("teaser").filter({ hasText: "$100,000" })).toHaveCount(1);
    await expect(page.getByTestId("trust-badge")).toHaveText([/Secure Crypto Payments/, /4\.8 Rating/, /500k\+ Winners/]);

    const cards = page.getByTestId("category-card");
    await expect(cards).toHaveCount(6);
    for (const name of ["Dream Cars", "Motorcycles", "Luxury Watches", "Cash Prizes", "Fortune Wheel", "Premium Mix"]) {
      const card = cards.filter({ has: page.getByRole("heading", { name, exact: true }) });
      await expect(card.getByRole("link")).toHaveAttribute("href", "/login");
    }
    await expect(cards.filter({ hasText: "Fortune Wheel" }).getByRole("link")).toHaveText("Spin Now");

    await expect(page.getByTestId("benefit-card")).toHaveText([/Instant Crypto Payments/, /Daily Free Spins/, /Verified/]);
    await expect(page.getByTestId("sample-winner")).toHaveCount(3);
    await expect(page.getByTestId("sample-winner").first()).toContainText(/[A-Z][a-z]+ [A-Z]\./);
    await expect(page.getByText("$50M+")).toBeVisible();
    await expect(page.getByTestId("step")).toHaveText([/Sign Up/, /Add Funds/, /Enter Contests/, /Win Prizes/]);
    const cta = page.getByRole("region", { name: "Ready to Win Your Dream Car?" });
    await expect(cta.getByRole("link", { name: "Get Started Now" })).toHaveAttribute("href", "/login");
    await expect(cta.getByRole("link", { name: "Browse Competitions" })).toHaveAttribute("href", "/dream-car-competition");

    const footer = page.locator("footer");
    for (const [label, href] of CATEGORY_LINKS.slice(1)) {
      await expect(footer.getByRole("link", { name: label, exact: true })).toHaveAttribute("href", href);
    }
    for (const label of ["How it Works", "Recent Winners", "Payment Methods", "Help Center", "Contact Support"]) {
      await expect(footer.getByRole("link", { name: label })).toBeVisible();
    }
    await expect(footer.getByTestId("payment-tile")).toHaveText([/BTC/, /ETH/, /USDT/, /BNB/]);
    for (const label of ["Privacy Policy", "Terms of Service", "Responsible Gaming"]) {
      await expect(footer.getByText(label)).toBeVisible();
    }

    await main.getByRole("link", { name: "View All Contests" }).click();
    await expect(page).toHaveURL(/\/dream-car-competition$/);
    await expect(page.getByRole("heading", { level: 1, name: "Dream Car Competitions" })).toBeVisible();
  });

  test("the Contests dropdown lists All Contests and every category", async ({ page }) => {
    await page.goto("/dream-car");
    const toggle = page.locator("header").getByRole("button", { name: "Contests" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    const menu = page.locator(`#${await toggle.getAttribute("aria-controls")}`);
    for (const [label, href] of CATEGORY_LINKS) {
      await expect(menu.getByRole("link", { name: label, exact: true })).toHaveAttribute("href", href);
    }
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await toggle.click();
    await menu.getByRole("link", { name: "All Contests" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1, name: "Win Your Dream Car" })).toBeVisible();
  });

  test("/dream-car has four car categories and every call to action goes to /signup", async ({ page }) => {
    await page.goto("/dream-car");
    const cards = page.getByTestId("car-category");
    await expect(cards).toHaveCount(4);
    for (const name of ["Luxury Sports Cars", "Premium SUVs", "Electric Vehicles", "Classic Luxury"]) {
      const card = cards.filter({ has: page.getByRole("heading", { name }) });
      await expect(card).toContainText(/\d+ prizes/);
      await expect(card).toContainText(/\$[\d,]+ – \$[\d,]+/);
    }
    await expect(page.locator("#how-it-works").getByTestId("step")).toHaveCount(3);
    const ctas = page.locator("main").getByRole("link");
    expect(await ctas.count()).toBeGreaterThanOrEqual(6);
    for (const href of await ctas.evaluateAll((as) => as.map((a) => a.getAttribute("href")))) expect(href).toBe("/signup");
    await ctas.first().click();
    await expect(page).toHaveURL(/\/signup$/);
  });

  test("/dream-car-competition shows the featured and sample competitions, winners and steps", async ({ page }) => {
    await page.goto("/dream-car-competition");
    await expect(page.getByTestId("featured-competition")).toContainText("Premium Featured");
    const cards = page.getByTestId("competition-card");
    await expect(cards).toHaveCount(4);
    for (const text of [/Value \$[\d,]+/, /\$\d\.\d\d per ticket/, /days? left/, /[\d,]+ entered/]) {
      await expect(cards.first()).toContainText(text);
    }
    await expect(page.getByTestId("sample-winner")).toHaveCount(3);
    await expect(page.locator("#how-it-works").getByTestId("step")).toHaveCount(4);
    const hrefs = new Set(await page.locator("main a").evaluateAll((as) => as.map((a) => a.getAttribute("href"))));
    expect([...hrefs].sort()).toEqual(["/dream-car", "/signup"]);
    await expect(page.getByTestId("image-fallback")).toHaveCount(0);
  });

  test("a competition image that fails to load becomes a placeholder with its category label", async ({ page }) => {
    await page.route("**/images/contests/suv-black.svg", (route) => route.abort());
    await page.goto("/dream-car-competition");
    const card = page.getByTestId("competition-card").filter({ hasText: "Luxury SUV Collection" });
    await expect(card.getByTestId("image-fallback")).toBeVisible();
    await expect(card.getByTestId("image-fallback")).toHaveText("SUV");
    await expect(card.getByRole("img", { name: "Luxury SUV Collection" })).toBeVisible();
    // the other images still load
    await expect(page.getByTestId("image-fallback")).toHaveCount(1);
  });

  test("/winners lists published posts from the database, newest first, with 'View Contests' to /", async ({ page, request }) => {
    const api = await request.get("/api/winner-posts");
    const posts = (await api.json()) as { title: string }[];
    expect(posts.length).toBeGreaterThan(0);
    await page.goto("/winners");
    const cards = page.getByTestId("winner-card");
    await expect(cards).toHaveCount(posts.length);
    await expect(cards.getByRole("heading")).toHaveText(posts.map((p) => p.title));
    await expect(cards.first().getByRole("heading")).toHaveCSS("-webkit-line-clamp", "2");
    await expect(page.getByRole("link", { name: "View Contests" })).toHaveAttribute("href", "/");
  });

  test("admins get the Admin link in the header", async ({ page }) => {
    await signInViaApi(page, ADMIN);
    await page.goto("/winners");
    await expect(page.locator("header").getByRole("link", { name: "Admin", exact: true })).toHaveAttribute("href", "/admin");
    await expect(page.locator("header").getByRole("link", { name: "Sign In" })).toHaveCount(0);
  });

  test("unknown routes answer 404 with '404 Page Not Found'", async ({ page }) => {
    const res = await page.goto("/definitely/not/here");
    expect(res?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
    await page.getByRole("link", { name: "Back to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe("public pages without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("content is server-rendered", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Win Your Dream Car" })).toBeVisible();
    await expect(page.getByTestId("category-card")).toHaveCount(6);
    await page.goto("/winners");
    expect(await page.getByTestId("winner-card").count()).toBeGreaterThan(0);
    await page.goto("/dream-car-competition");
    await expect(page.getByTestId("competition-card")).toHaveCount(4);
  });
});

test.describe("public pages on a 390 px phone", () => {
  test.use({ viewport: MOBILE, isMobile: true, hasTouch: true });

  for (const p of PUBLIC_PAGES) {
    test(`${p.path} fits the screen and has no serious axe violations`, async ({ page }) => {
      await page.goto(p.path);
      await expect(page.getByRole("heading", { level: 1, name: p.h1 })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
      await expectNoSeriousAxeViolations(page, `${p.path} at 390 px`);
    });
  }

  test("the slide-out menu opens, lists the links (no cars entry) and navigates", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("header").getByRole("button", { name: "Contests" })).toBeHidden();
    await page.getByRole("button", { name: "Open navigation menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("link", { name: "Home" })).toHaveAttribute("href", "/");
    await expect(menu.getByRole("link", { name: "Fortune Wheel" })).toHaveAttribute("href", "/wheel");
    for (const [label, href] of CATEGORY_LINKS.slice(2)) {
      await expect(menu.getByRole("link", { name: label, exact: true })).toHaveAttribute("href", href);
    }
    await expect(menu.getByRole("link", { name: "Cars", exact: true })).toHaveCount(0);
    await expect(menu.getByRole("link", { name: "Admin Dashboard" })).toHaveCount(0);
    await expect(menu.getByRole("link", { name: "Sign In" })).toHaveAttribute("href", "/login");
    await expectNoSeriousAxeViolations(page, "menu");
    await menu.getByRole("link", { name: "Winners" }).click();
    await expect(page).toHaveURL(/\/winners$/);
    await expect(page.getByRole("heading", { level: 1, name: "Our Winners" })).toBeVisible();
    await expect(menu).toBeHidden();
  });

  test("signed in: the menu shows the balance and Sign Out logs out to /", async ({ page }) => {
    await signInViaApi(page, PLAYER);
    await page.goto("/winners");
    await page.getByRole("button", { name: "Open navigation menu" }).click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu.getByTestId("mobile-balance")).toHaveText(/^\$[\d,]+\.\d{2}$/); // one rule: two decimals;
    await expect(menu.getByRole("link", { name: "Admin Dashboard" })).toHaveCount(0);
    await menu.getByRole("button", { name: "Sign Out" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText("You have been successfully logged out")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Win Your Dream Car" })).toBeVisible();
    expect((await page.request.get("/api/auth/user")).status()).toBe(401);
  });

  test("admins get the Admin Dashboard entry", async ({ page }) => {
    await signInViaApi(page, ADMIN);
    await page.goto("/dream-car");
    await page.getByRole("button", { name: "Open navigation menu" }).click();
    await expect(page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Admin Dashboard" })).toHaveAttribute(
      "href",
      "/admin",
    );
  });
});

test("the landing fits a 360 px screen", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Win Your Dream Car" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});
