import { expect, test } from "@playwright/test";
import { asAdmin, createContestViaApi, newPlayer } from "./players";

// Statuses come from the server: a cancelled contest's entries read refunded, and a sold-out
// contest's page says "Sold out" just as checkout does (src/shared/purchase-rules.ts).

test("a cancelled, refunded contest: My Purchases says refunded, its page says cancelled and counts nothing as sold", async ({
  browser,
}) => {
  const title = `Called Off ${Date.now()}`;
  const id = await createContestViaApi(browser, { title, ticketPrice: 1, maxTickets: 50 });
  const { context, page } = await newPlayer(browser, { balance: "5" });
  expect((await page.request.post("/api/cart/add", { data: { contestId: id, quantity: 3 } })).ok()).toBe(true);
  await asAdmin(browser, async (admin) => {
    expect((await admin.request.post(`/api/admin/contests/${id}/status`, { data: { status: "cancelled" } })).ok()).toBe(true);
  });

  await page.goto(`/contest/${id}`);
  await expect(page.getByRole("button", { name: "Contest cancelled" })).toBeDisabled();
  await expect(page.getByTestId("tickets-refunded")).toHaveText("3 tickets refunded");
  await expect(page.getByTestId("tickets-sold")).toHaveCount(0);
  await expect(page.getByText("This contest has ended")).toHaveCount(0);

  await page.goto("/");
  const narrow = (page.viewportSize()?.width ?? 1366) < 992;
  if (narrow) {
    await page.getByRole("button", { name: "Open navigation menu" }).click();
    await page.getByRole("dialog", { name: "Menu" }).getByRole("button", { name: "My Purchases & Results" }).click();
  } else {
    await page.getByTestId("user-menu").click();
    await page.getByRole("menuitem", { name: "My Purchases & Results" }).click();
  }
  const entry = page
    .getByRole("dialog", { name: "My Purchases & Results" })
    .getByTestId("purchase-entry")
    .filter({ hasText: title });
  await expect(entry.getByTestId("entry-status")).toHaveText("Contest cancelled - your tickets were refunded");
  await expect(entry.getByText("Cancelled", { exact: true })).toBeVisible();
  await expect(entry).not.toContainText("Not a winner this time");
  await context.close();
});

test("a sold-out contest: its page says Sold out, as checkout does, and shows one provably-fair block", async ({ browser }) => {
  const title = `Gone Fast ${Date.now()}`;
  const id = await createContestViaApi(browser, { title, ticketPrice: 1, maxTickets: 2 });
  const buyer = await newPlayer(browser, { balance: "3" });
  expect((await buyer.page.request.post("/api/cart/add", { data: { contestId: id, quantity: 2 } })).ok()).toBe(true);

  const late = await newPlayer(browser);
  await late.page.goto(`/contest/${id}`);
  await expect(late.page.getByRole("button", { name: "Sold out" })).toBeDisabled();
  await expect(late.page.getByTestId("unavailable-reason")).toHaveText("All tickets for this contest have been sold.");
  await expect(late.page.getByText("This contest has ended")).toHaveCount(0);
  const refused = await late.page.request.post("/api/cart/add", { data: { contestId: id, quantity: 1 } });
  expect(refused.status()).toBe(409);
  expect((await refused.json()).message).toBe(`Sold out: ${title}`);
  // Drawn at once: the proof shows once, verified.
  await expect(late.page.getByTestId("draw-proof-ok")).toBeVisible();
  await expect(late.page.getByText("Provably fair draw", { exact: true })).toHaveCount(1);
  await buyer.context.close();
  await late.context.close();
});
