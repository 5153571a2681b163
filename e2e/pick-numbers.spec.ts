import { type Browser, expect, test } from "@playwright/test";
import { openAccountDialog } from "./helpers";
import { asAdmin, newPlayer } from "./players";

// docs/contests.md "Pick your numbers" and docs/fair-play.md "Online free entry" in the browser, on a
// desktop and on a phone (390 px): pick numbers on the paged grid (and find one on another page),
// a lucky dip, check out, see the numbers in My Purchases & Results; enter for free online.

async function pickContest(browser: Browser, title: string): Promise<string> {
  return asAdmin(browser, async (admin) => {
    const res = await admin.request.post("/api/admin/contests", {
      data: {
        title,
        description: "A pick-your-numbers contest made by an end-to-end test.",
        ticketPrice: 1,
        maxTickets: 250,
        category: "watches",
        imageUrl: "/images/contests/gold-watch.svg",
        pickNumbers: true,
      },
    });
    expect(res.status()).toBe(201);
    return (await res.json()).contest.id as string;
  });
}

const VIEWPORTS = [
  { name: "desktop", viewport: { width: 1366, height: 900 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
];

for (const { name, viewport } of VIEWPORTS) {
  test(`pick numbers and a lucky dip, check out, see them in purchases; enter for free online (${name})`, async ({ browser }) => {
    test.setTimeout(120_000);
    const title = `Pick Watch ${name} ${Date.now()}`;
    const contestId = await pickContest(browser, title);
    const { context, page } = await newPlayer(browser, { balance: "10", viewport });
    await page.goto(`/contest/${contestId}`);
    const picker = page.getByTestId("number-picker");
    await expect(picker.getByText("Numbers 1–100")).toBeVisible();

    // On a phone each number is a 44 px target at least.
    if (viewport.width < 768) {
      const box = await picker.locator('[data-number="7"]').boundingBox();
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
      expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
    }
    await picker.locator('[data-number="7"]').click();
    await picker.getByLabel("Find a number").fill("150");
    await picker.getByRole("button", { name: "Find" }).click();
    await expect(picker.getByText("Numbers 101–200")).toBeVisible();
    await picker.locator('[data-number="150"]').click();
    await expect(picker.getByTestId("picked-numbers")).toHaveText("Selected: #7, #150");
    await picker.getByRole("button", { name: "Add 2 numbers to Cart" }).click();
    await expect(page.getByText("Added 2 ticket(s) to cart")).toBeVisible();
    // Held for this player: shown as in the cart, not selectable again.
    await expect(picker.locator('[data-number="150"]')).toBeDisabled();

    await picker.getByRole("button", { name: "Lucky dip", exact: true }).click();
    await expect(page.getByText("Added 1 ticket(s) to cart")).toBeVisible();

    await page.getByTestId("cart-button").click();
    const drawer = page.getByRole("dialog", { name: "Your Cart" });
    await expect(drawer.getByTestId("cart-numbers")).toContainText("#7");
    await expect(drawer.getByTestId("cart-numbers")).toContainText("#150");
    await expect(drawer.getByTestId("cart-total")).toHaveText("$3.00");
    await drawer.getByRole("button", { name: "Checkout with Balance" }).click();
    await expect(page.getByText("All tickets have been purchased and added to your account")).toBeVisible();

    // One purchase is one row: its three numbers in order (one entry each on the server), its total.
    const sold = new Set(
      ((await (await page.request.get("/api/user/purchases")).json()) as { contestId: string; firstTicket: number }[])
        .filter((p) => p.contestId === contestId)
        .map((p) => p.firstTicket),
    );
    expect(sold.size).toBe(3);
    const purchases = await openAccountDialog(page, "My Purchases & Results");
    const entries = purchases.getByTestId("purchase-entry").filter({ hasText: title });
    await expect(entries).toHaveCount(1);
    const inOrder = [...sold].sort((a, b) => a - b);
    const numbersText = inOrder.every((n, i) => i === 0 || n === (inOrder[i - 1] as number) + 1)
      ? `Tickets #${inOrder[0]}–#${inOrder[2]}`
      : null;
    if (numbersText) await expect(entries.getByTestId("ticket-numbers")).toHaveText(numbersText);
    else await expect(entries.getByTestId("ticket-numbers")).toHaveText(/^Tickets #\d+(–#\d+)?(, #\d+(–#\d+)?)*$/);
    const shown = (await entries.getByTestId("ticket-numbers").textContent()) ?? "";
    const order = [...shown.matchAll(/#(\d+)/g)].map((m) => Number(m[1]));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(order).toContain(7);
    expect(order).toContain(150);
    await expect(entries).toContainText("3 tickets · $3.00");
    await page.keyboard.press("Escape");

    // Another player sees the sold numbers greyed out, and a number nobody bought still free (the
    // lucky dip's number is random, so the free one is chosen from what was actually sold).
    const unsold = [8, 9, 10].find((n) => !sold.has(n));
    const other = await newPlayer(browser, { viewport });
    await other.page.goto(`/contest/${contestId}`);
    await expect(other.page.getByTestId("number-picker").locator('[data-number="7"]')).toBeDisabled();
    await expect(other.page.getByTestId("number-picker").locator(`[data-number="${unsold}"]`)).toBeEnabled();
    await other.context.close();

    // The online free entry, beside the paid one: once per period. Once used, the page says before
    // any click when the next one opens, in the player's zone, and the button rests.
    const free = page.getByTestId("online-free-entry");
    await expect(free).toBeVisible();
    await free.getByRole("button", { name: "Enter for free" }).click();
    await expect(page.getByText(/Free entry received: ticket #\d+/)).toBeVisible();
    await expect(free.getByRole("button", { name: "Free entry used" })).toBeDisabled();
    await expect(free.getByTestId("free-entry-next")).toHaveText(
      /^You have had your free entry: the next one opens [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d\d [AP]M [A-Z]{2,5}\.$/,
    );
    await page.reload();
    await expect(free.getByRole("button", { name: "Free entry used" })).toBeDisabled();
    const mine = await (await page.request.get("/api/user/purchases")).json();
    expect(mine.filter((p: { contestId: string; freeEntry: boolean }) => p.contestId === contestId && p.freeEntry)).toHaveLength(
      1,
    );
    // My Purchases calls it what it was: an online free entry, not a postal one.
    const again = await openAccountDialog(page, "My Purchases & Results");
    const freeRow = again.getByTestId("purchase-entry").filter({ hasText: "Free online entry" });
    await expect(freeRow).toHaveCount(1);
    await expect(again.getByText("Free postal entry")).toHaveCount(0);
    await page.keyboard.press("Escape");
    // Nothing sideways on the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    await context.close();
  });
}
