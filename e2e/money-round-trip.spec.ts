import { expect, test } from "@playwright/test";
import { ADMIN, signInViaApi } from "./helpers";
import { asAdmin, newPlayer } from "./players";

const TRON = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
// A loaded 2-core machine can take well over the default 10 s to hydrate the admin dashboard.
const SLOW = { timeout: 30_000 };

test("money round trip: top up, win, take the cash alternative, withdraw it, the admin pays it out", async ({ browser }) => {
  const player = await newPlayer(browser, { balance: "5" });

  // A one-ticket contest with a $40 cash alternative: the only ticket sells it out and wins its draw.
  const contestId = await asAdmin(browser, async (admin) => {
    const res = await admin.request.post("/api/admin/contests", {
      data: {
        title: `Round trip ${Date.now()}`,
        description: "A contest made by an end-to-end test.",
        ticketPrice: 2,
        maxTickets: 1,
        cashAlternative: "40",
        originalPrice: null,
        discountPercentage: null,
        category: "cash",
        imageUrl: "/images/contests/gold-watch.svg",
        status: "active",
        soldTickets: 0,
      },
    });
    expect(res.status()).toBe(201);
    return (await res.json()).contest.id as string;
  });
  const bought = await player.page.request.post("/api/cart/add", { data: { contestId, quantity: 1 } });
  expect(bought.ok()).toBe(true);

  // The prize waits for a claim; the player takes the cash in the browser.
  const page = player.page;
  await page.goto("/prizes");
  const card = page.getByTestId("prize-card").first();
  await expect(card).toContainText("Cash alternative: $40.00", SLOW);
  // Taking the cash gives up the prize: a dialog names the amount and the consequence first.
  await card.getByRole("button", { name: "Take $40.00 cash" }).click();
  const confirmCash = page.getByRole("dialog", { name: "Take the cash instead?" });
  await expect(confirmCash).toContainText("$40.00 is added to your balance and you give up");
  await expect(confirmCash).toContainText("This cannot be undone.");
  await confirmCash.getByRole("button", { name: "Keep my choice open" }).click();
  await expect(confirmCash).toBeHidden();
  expect((await (await page.request.get("/api/user/prizes")).json())[0]).toMatchObject({ status: "unclaimed" });
  await card.getByRole("button", { name: "Take $40.00 cash" }).click();
  await confirmCash.getByRole("button", { name: "Take $40.00 cash" }).click();
  await expect(card).not.toContainText("Take $40.00 cash", SLOW);
  // A second claim is refused: the cash is credited exactly once.
  const [prize] = await (await page.request.get("/api/user/prizes")).json();
  expect(prize).toMatchObject({ contestId, status: "cash_credited" });
  expect((await page.request.post(`/api/user/prizes/${prize.id}/claim`, { data: { choice: "cash" } })).status()).toBe(409);

  // $5 top-up − $2 ticket + $40 cash = $43; the player withdraws $40 to a Tron wallet.
  await page.goto("/withdrawals");
  await expect(page.getByTestId("balance")).toHaveText("$43.00", SLOW);
  await page.getByTestId("withdraw-amount").fill("40");
  await page.getByTestId("withdraw-address").fill(TRON);
  await page.getByTestId("withdraw-submit").click();
  await expect(page.getByTestId("withdrawal-row").first()).toContainText("pending");
  await expect(page.getByTestId("balance")).toHaveText("$3.00");

  // The admin approves the payout in the Withdrawals tab (the sandbox pays at once) and it is in the audit log.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInViaApi(admin, ADMIN);
  await admin.goto("/admin?tab=withdrawals");
  const adminRow = admin.getByTestId("admin-withdrawal-row").filter({ hasText: player.email });
  await expect(adminRow).toContainText("pending", SLOW);
  await adminRow.getByRole("button", { name: "Approve" }).click();
  await admin
    .getByRole("dialog", { name: "Approve withdrawal" })
    .getByRole("button", { name: "Approve and send $40.00" })
    .click();
  // Decided, it leaves the pending queue; "All" shows it paid.
  await expect(adminRow).toHaveCount(0, SLOW);
  await admin.getByTestId("withdrawals-status").getByText("All", { exact: true }).click();
  await expect(adminRow).toContainText("paid", SLOW);
  const audit = await (await admin.request.get("/api/admin/audit?action=withdrawal.approve")).json();
  expect(audit.entries[0]).toMatchObject({ actorEmail: ADMIN.email, after: { status: "processing", address: TRON } });
  await adminContext.close();

  await page.reload();
  await expect(page.getByTestId("withdrawal-row").first()).toContainText("paid", SLOW);
  await player.context.close();
});
