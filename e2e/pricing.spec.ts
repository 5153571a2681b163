import { expect, test } from "@playwright/test";
import { asAdmin, newPlayer } from "./players";

// Bundles and promo codes on desktop and phone (390 px): the bundle saving on the contest page, a promo code applied
// in the cart, the receipt (toast and purchases) showing both, and odds/progress/countdown on cards.
const SLOW = { timeout: 30_000 };

test("bundle saving on the contest page, promo code in the cart, savings on the receipt and in purchases", async ({
  browser,
}, info) => {
  const tag = `${info.project.name}-${Date.now()}`.toUpperCase().replace(/[^A-Z0-9]/g, "");
  const code = `E2E${tag}`.slice(0, 32);
  const contestId = await asAdmin(browser, async (admin) => {
    const created = await admin.request.post("/api/admin/contests", {
      data: {
        title: `Bundle Watch ${tag}`,
        description: "A contest with multi-buy prices.",
        ticketPrice: 2,
        maxTickets: 100,
        category: "watches",
        imageUrl: "/images/contests/gold-watch.svg",
        // Fair play: at least 72 h after opening (free postal entries must be able to arrive).
        endDate: new Date(Date.now() + 4 * 24 * 3600_000).toISOString(),
        status: "active",
        soldTickets: 0,
      },
    });
    expect(created.status()).toBe(201);
    const id = (await created.json()).contest.id as string;
    const tiers = await admin.request.put(`/api/admin/contests/${id}/bundle-tiers`, {
      data: {
        tiers: [
          { quantity: 5, percentOff: 10 },
          { quantity: 10, percentOff: 20 },
        ],
      },
    });
    expect(tiers.ok()).toBe(true);
    const promo = await admin.request.post("/api/admin/promo-codes", {
      data: { code, kind: "percent", percentOff: 10, contestId: id, maxUses: 1 },
    });
    expect(promo.status()).toBe(201);
    return id;
  });

  const phone = info.project.name === "phone";
  const { page, context } = await newPlayer(browser, {
    balance: "50",
    ...(phone ? { viewport: { width: 390, height: 844 } } : {}),
  });
  await page.goto(`/contest/${contestId}`);
  await expect(page.getByRole("heading", { name: `Bundle Watch ${tag}` })).toBeVisible(SLOW);
  const stats = page.getByTestId("contest-stats");
  await expect(stats.getByTestId("sold-progress")).toHaveText("0 of 100 sold");
  // Unsold: no "1 in 1 now", which reads as a certainty; only the odds at sell-out.
  await expect(stats.getByTestId("ticket-odds")).toHaveText("No ticket sold yet · odds per ticket: 1 in 100 at sell-out");
  await expect(stats.getByTestId("countdown")).toHaveText(/^Ends in 3d 23h \d\dm( \d\ds)?$/);

  // Pressing the 5-ticket offer picks 5: 10.00 − 10% = 9.00, saving 1.00.
  // Signed in on the page before the cart is used (the cart is kept per player).
  await expect(page.getByRole("button", { name: "Notifications" })).toBeVisible(SLOW);
  const chip = page.getByRole("button", { name: /5\+ tickets: 10% off \(save \$1\.00\)/ });
  // On a phone a finger can hit it: 44 px tall at least.
  if (phone) expect((await chip.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
  await chip.click();
  await expect(page.getByTestId("detail-total")).toHaveText("Total: $9.00");
  await expect(page.getByTestId("bundle-saving")).toHaveText("You save $1.00");
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText("Added 5 ticket(s) to cart")).toBeVisible();

  await expect(page.getByTestId("cart-count")).toHaveText("1");
  await page.getByRole("button", { name: "Cart", exact: true }).click();
  const drawer = page.getByRole("dialog", { name: "Your Cart" });
  await expect(drawer.getByTestId("cart-bundle-saving")).toHaveText("10% multi-buy: −$1.00");
  await expect(drawer.getByTestId("cart-total")).toHaveText("$9.00");
  // A wrong code is refused with the server's words; the right one (any case) applies.
  await drawer.getByLabel("Promo code").fill("NOSUCHCODE");
  await drawer.getByLabel("Promo code").press("Enter"); // the keyboard submits the form
  await expect(drawer.getByText("This promo code does not exist")).toBeVisible();
  await drawer.getByLabel("Promo code").fill(code.toLowerCase());
  await drawer.getByRole("button", { name: "Apply" }).click();
  await expect(drawer.getByTestId("promo-applied")).toHaveText(new RegExp(`Code ${code}: −\\$0\\.90`));
  await expect(drawer.getByTestId("cart-total")).toHaveText("$8.10");
  await drawer.getByRole("button", { name: "Checkout with Balance" }).click();
  await expect(page.getByText(`Paid $8.10 (saved: multi-buy −$1.00, code ${code} −$0.90)`)).toBeVisible(SLOW);

  // The page follows the sale: 5 sold, the next ticket is 1 in 6.
  await expect(stats.getByTestId("sold-progress")).toHaveText("5 of 100 sold", SLOW);
  await expect(stats.getByTestId("ticket-odds")).toHaveText("Odds per ticket: 1 in 6 now · 1 in 100 at sell-out");

  // My Purchases shows the list price and both savings.
  const res = await page.request.get("/api/user/purchases");
  const mine = ((await res.json()) as { contestId: string; pricing: unknown }[]).find((e) => e.contestId === contestId);
  expect(mine?.pricing).toEqual({ listAmount: "10.00", bundleSaving: "1.00", promoSaving: "0.90", promoCode: code });
  await context.close();
});

test("every contest card shows progress and odds, and a countdown when it has an end date", async ({ browser }, info) => {
  const phone = info.project.name === "phone";
  const { page, context } = await newPlayer(browser, phone ? { viewport: { width: 390, height: 844 } } : {});
  await page.goto("/");
  const cards = page.getByTestId("contest-card");
  await expect(cards.first()).toBeVisible(SLOW);
  const count = await cards.count();
  expect(count).toBeGreaterThan(0);
  // Card by card, in one reading of the page: other tests' contests arrive live, so counts taken at
  // two moments could differ. Every card has odds and progress; a countdown exactly when it wears the
  // ENDS SOON badge (a card with an end date).
  await expect
    .poll(
      () =>
        cards.evaluateAll(
          (els) =>
            els.filter((el) => {
              const has = (id: string) => el.querySelector(`[data-testid="${id}"]`) !== null;
              return (
                !has("ticket-odds") || !has("sold-progress") || has("countdown") !== (el.textContent ?? "").includes("ENDS SOON")
              );
            }).length,
        ),
      SLOW,
    )
    .toBe(0);
  for (const text of await page.getByTestId("contest-card").getByTestId("ticket-odds").allTextContents()) {
    expect(text).toMatch(
      /^(Odds per ticket: 1 in [\d,]+ now( · 1 in [\d,]+ at sell-out)?|No ticket sold yet · odds per ticket: 1 in ([\d,]+ at sell-out|the number of tickets sold when the draw happens))$/,
    );
    expect(text).not.toContain("1 in 1 now");
  }
  await context.close();
});
