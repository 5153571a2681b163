import { expect, test } from "@playwright/test";
import { holdScripts, PLAYER, signInViaApi } from "./helpers";
import { createContestViaApi, homeCard, newPlayer } from "./players";

// The player buys one ticket of "Professional Diver" (seed-diver-watch): no other spec touches it.
test("browse, filter, detail, add to cart, checkout, then the purchases dialog shows the tickets", async ({ page }) => {
  // The seed's watches are the oldest of the category, which every spec adds to: paged through.
  test.setTimeout(150_000);
  await signInViaApi(page, PLAYER);
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Active Contests" })).toBeVisible();

  // Filter through the URL the header's Contests dropdown links to.
  await page.goto("/?category=watches");
  await expect(page.getByRole("heading", { name: "Luxury Watch Contests" })).toBeVisible();
  // The seed's two watches (other specs add watch contests of their own: the home pages through them).
  await expect(await homeCard(page, "18k Gold Chronograph")).toHaveCount(1);
  const diver = await homeCard(page, "Professional Diver");
  await expect(page.getByText("V10 Supercar")).toHaveCount(0);

  await expect(diver.getByText("-20%")).toBeVisible();
  await expect(diver.getByText("Or take $11,000.00 cash")).toBeVisible();
  await diver.getByRole("button", { name: "Increase quantity" }).click();
  await expect(diver.getByTestId("line-total")).toHaveText("$3.98");
  await diver.getByRole("link", { name: "Details" }).click();

  await expect(page).toHaveURL(/\/contest\/seed-diver-watch$/);
  await expect(page.getByRole("heading", { name: "Professional Diver" })).toBeVisible();
  await expect(page.getByText("Active", { exact: true })).toBeVisible();
  await expect(page.getByText("20% OFF")).toBeVisible();
  await expect(page.getByTestId("tickets-left")).toHaveText("∞");
  await page.getByRole("tab", { name: "Specifications" }).click();
  await expect(page.getByText("No specifications available.")).toBeVisible();

  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText("Added 1 ticket(s) to cart")).toBeVisible();

  // The cart survives a reload (per user, in the browser).
  await page.reload();
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  await page.getByRole("button", { name: "Cart", exact: true }).click();
  const drawer = page.getByRole("dialog", { name: "Your Cart" });
  await expect(drawer.getByTestId("cart-item")).toHaveCount(1);
  await expect(drawer.getByText("Professional Diver")).toBeVisible();
  await expect(drawer.getByTestId("cart-total")).toHaveText("$1.99");
  await drawer.getByRole("button", { name: "Checkout with Balance" }).click();
  await expect(page.getByText("All tickets have been purchased and added to your account")).toBeVisible();
  await expect(drawer).toBeHidden();

  await page.goto("/");
  await page.getByTestId("user-menu").click();
  await page.getByRole("menuitem", { name: "My Purchases & Results" }).click();
  const dialog = page.getByRole("dialog", { name: "My Purchases & Results" });
  const entry = dialog.getByTestId("purchase-entry").filter({ hasText: "Professional Diver" });
  await expect(entry).toHaveCount(1);
  await expect(entry.getByTestId("ticket-numbers")).toHaveText(/^Ticket #\d+$/);
  await expect(entry.getByTestId("entry-status")).toHaveText(/\d+ days? left until draw/);
  await expect(entry.getByText("Active", { exact: true })).toBeVisible();

  // The server agrees: the purchase is recorded with its ticket numbers.
  const purchases = await (await page.request.get("/api/user/purchases")).json();
  const mine = purchases.find((p: { contestTitle: string }) => p.contestTitle === "Professional Diver");
  expect(mine).toMatchObject({ ticketCount: 1, totalAmount: "1.99" });
  expect(mine.lastTicket).toBe(mine.firstTicket);
});

test("a sold-out, drawn contest cannot be bought, says so as checkout does, and shows its revealed draw", async ({ page }) => {
  await signInViaApi(page, PLAYER);
  await page.goto("/contest/seed-classic");
  await expect(page.getByRole("heading", { name: "Classic Coupe 1967" })).toBeVisible();
  // The demo data sells all 12 tickets before the draw: "Sold out", the words checkout uses too.
  await expect(page.getByRole("button", { name: "Sold out" })).toBeDisabled();
  await expect(page.getByText(/Winning ticket: #\d+/)).toBeVisible();
  await expect(page.getByText("No preview image")).toHaveCount(0);
});

test("a drawn contest's entry list downloads as its text through the served app, gzip-encoded once or plain", async ({
  request,
}) => {
  // The file is stored gzip-compressed (src/server/rest/public-file.ts): Next must not compress it again.
  const gzip = await request.get("/api/contests/seed-classic/draw/entries", { headers: { "accept-encoding": "gzip" } });
  expect(gzip.status()).toBe(200);
  expect(gzip.headers()["content-encoding"]).toBe("gzip");
  const text = await gzip.text(); // decoded once by the client
  expect(text.split("\n")[0]).toMatch(/^1-\d+:/);
  const plain = await request.get("/api/contests/seed-classic/draw/entries", { headers: { "accept-encoding": "identity" } });
  expect(plain.headers()["content-encoding"]).toBeUndefined();
  expect(await plain.text()).toBe(text);
});

test("a missing contest reads Contest Not Found; signed-out visitors go to /login", async ({ page }) => {
  await signInViaApi(page, PLAYER);
  await page.goto("/contest/does-not-exist");
  await expect(page.getByRole("heading", { name: "Contest Not Found" })).toBeVisible();
  await page.getByRole("link", { name: "Back to Home" }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.context().clearCookies();
  await page.goto("/contest/seed-diver-watch");
  await expect(page).toHaveURL(/\/login$/);
});

// A quantity typed before the contest page's code arrived (a slow phone) is the one bought, not the
// 1 the page started with (src/components/common/WholeNumberInput.tsx).
test("a quantity typed before the contest page's code arrived is the quantity added to the cart", async ({ browser }) => {
  const id = await createContestViaApi(browser, { title: `Early quantity ${Date.now()}` });
  const { context, page } = await newPlayer(browser);
  const release = await holdScripts(page);
  await page.goto(`/contest/${id}`, { waitUntil: "domcontentloaded" });
  await page.getByRole("textbox", { name: "Quantity" }).fill("3");
  release();
  // Hydrated: the header knows the player.
  await expect(page.getByRole("button", { name: /notifications/i })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("textbox", { name: "Quantity" })).toHaveValue("3");
  await expect(page.getByTestId("detail-total")).toContainText("$3.00");
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText("Added 3 ticket(s) to cart")).toBeVisible();
  await context.close();
});
