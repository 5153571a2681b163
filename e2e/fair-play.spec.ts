import { expect, test } from "@playwright/test";
import { ADMIN, signInViaApi } from "./helpers";
import { adminContestRow, asAdmin, newPlayer } from "./players";

// docs/fair-play.md in the browser: skill question and free entry on the contest page, terms frozen
// after a sale, the public draw record, Responsible play, and the admin's wheel economics screen.
test("skill question, free postal entry, frozen terms and a draw anyone can check", async ({ browser }) => {
  const title = `Fair Play Watch ${Date.now()}`;
  const contestId = await asAdmin(browser, async (admin) => {
    const res = await admin.request.post("/api/admin/contests", {
      data: {
        title,
        description: "A contest with a skill question.",
        ticketPrice: 1,
        maxTickets: 50,
        category: "watches",
        imageUrl: "/images/contests/gold-watch.svg",
        skillQuestion: { text: "Which planet is the Red Planet?", options: ["Venus", "Mars", "Jupiter"], correctIndex: 1 },
      },
    });
    expect(res.status()).toBe(201);
    return (await res.json()).contest.id as string;
  });

  const { context, page } = await newPlayer(browser, { balance: "5" });
  await page.goto(`/contest/${contestId}`);
  await expect(page.getByTestId("free-entry")).toContainText("Free entry by post");
  await expect(page.getByTestId("free-entry-address")).not.toBeEmpty();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText("Please answer the question to enter")).toBeVisible();
  await page.getByTestId("skill-question").getByLabel("Mars").check();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText("Added 1 ticket(s) to cart")).toBeVisible();
  await page.getByTestId("cart-button").click();
  await page.getByRole("button", { name: "Checkout with Balance" }).click();
  await expect(page.getByText("All tickets have been purchased and added to your account")).toBeVisible();

  await asAdmin(browser, async (admin) => {
    // Max tickets can no longer change once sold: the edit form shows the server's refusal.
    await admin.goto("/admin?tab=contests");
    const row = await adminContestRow(admin, title);
    await row.getByRole("button", { name: "Edit" }).click();
    const dialog = admin.getByRole("dialog", { name: "Edit Contest" });
    await expect(dialog).toContainText("max tickets, ticket price, end date and the skill question are frozen");
    await dialog.getByLabel("Max tickets").fill("500");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(admin.getByText(/max tickets can no longer change/)).toBeVisible();
    await admin.keyboard.press("Escape");

    // A received postal entry: a $0 ticket like a purchase.
    const me = await (await page.request.get("/api/auth/user")).json();
    const free = await admin.request.post(`/api/admin/contests/${contestId}/free-entries`, { data: { userId: me.id } });
    expect(free.status()).toBe(201);

    await row.getByRole("button", { name: "End" }).click();
    await admin.getByRole("dialog", { name: "End contest" }).getByRole("button", { name: "End and draw" }).click();
    await expect(row).toContainText("Ended");
  });

  // The public draw record on the contest page: early End, entry list with masked names, verified.
  await page.goto(`/contest/${contestId}`);
  await expect(page.getByTestId("draw-proof-ok")).toBeVisible();
  await expect(page.getByTestId("ended-early")).toBeVisible();
  await expect(page.getByTestId("draw-entries")).toContainText("Pat P.");
  await expect(page.getByTestId("draw-entries").getByRole("row")).toHaveCount(3); // header + paid + free

  await page.getByTestId("user-menu").click();
  await page.getByRole("menuitem", { name: "My Purchases & Results" }).click();
  await expect(page.getByRole("dialog", { name: "My Purchases & Results" })).toContainText("Free postal entry");
  await context.close();
});

test("Responsible play: a daily limit stops spending at the server", async ({ browser }) => {
  const { context, page } = await newPlayer(browser, { balance: "5" });
  await page.goto("/");
  await page.getByTestId("user-menu").click();
  await page.getByRole("menuitem", { name: "Responsible play" }).click();
  const dialog = page.getByRole("dialog", { name: "Responsible play" });
  await dialog.getByLabel("Daily (24 h)").fill("0.50");
  await dialog.getByRole("button", { name: "Save limits" }).click();
  await expect(page.getByText("Your limits apply now")).toBeVisible();
  const contests = await (await page.request.get("/api/contests")).json();
  const open = contests.find(
    (c: { skillQuestion: unknown; ticketPrice: string }) => !c.skillQuestion && Number(c.ticketPrice) > 0.5,
  );
  const refused = await page.request.post("/api/cart/add", { data: { contestId: open.id, quantity: 1 } });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).message).toContain("daily spend limit of $0.50");
  await context.close();
});

// A reload of the dialog's data (here: after declaring a date of birth in the same dialog) keeps a
// limit being typed: the draft refills only when the saved limits change (src/components/common/useServerDraft.ts).
test("Responsible play: an unsaved limit survives the dialog's data reloading", async ({ browser }) => {
  const { context, page } = await newPlayer(browser);
  await page.goto("/");
  await page.getByTestId("user-menu").click();
  await page.getByRole("menuitem", { name: "Responsible play" }).click();
  const dialog = page.getByRole("dialog", { name: "Responsible play" });
  await dialog.getByLabel("Weekly (7 days)").fill("25");
  await dialog.getByLabel("Date of birth").fill("1990-04-01");
  const reloaded = page.waitForResponse((r) => r.url().includes("responsiblePlay.limits") && r.ok());
  await dialog.getByTestId("age-declaration").getByRole("button", { name: "Save" }).click();
  await reloaded;
  await expect(dialog.getByTestId("age-declaration")).toHaveCount(0);
  await expect(dialog.getByLabel("Weekly (7 days)")).toHaveValue("25");
  await context.close();
});

test("admin sees and changes the wheel's return to player; 100% or more needs confirmation", async ({ page }) => {
  await signInViaApi(page, ADMIN);
  await page.goto("/admin?tab=analytics");
  const panel = page.getByTestId("wheel-economics");
  await expect(panel.getByTestId("wheel-rtp")).toContainText("462.50%");
  await panel.getByLabel("Paid spin price ($)").fill("0.002");
  await panel.getByRole("button", { name: "Save wheel" }).click();
  await expect(panel.getByTestId("rtp-confirm")).toContainText("Return to player would be 231.25%");
  await panel.getByRole("button", { name: "Save anyway" }).click();
  await expect(panel.getByTestId("wheel-rtp")).toContainText("231.25%");
  // Back to the specification's defaults for the other specs.
  await panel.getByLabel("Paid spin price ($)").fill("0.001");
  await panel.getByRole("button", { name: "Save wheel" }).click();
  await panel.getByRole("button", { name: "Save anyway" }).click();
  await expect(panel.getByTestId("wheel-rtp")).toContainText("462.50%");
});
