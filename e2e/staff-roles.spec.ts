import { type Browser, expect, type Page, test } from "@playwright/test";
import { ADMIN } from "./helpers";
import { asAdmin, newPlayer } from "./players";

// Staff roles and four eyes (docs/admin.md "Roles", "Four eyes"), on desktop and phone: each role
// sees only its tabs and buttons, and a withdrawal over the threshold ($100 in this run,
// playwright.config.ts) needs two finance members.
const TRON = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
const SLOW = { timeout: 30_000 };

/** A new account the owner makes staff with `role`; its page is signed in. */
async function newStaff(browser: Browser, role: "support" | "finance", viewport: { width: number; height: number } | null) {
  const staff = await newPlayer(browser, viewport ? { viewport } : {});
  const me = await (await staff.page.request.get("/api/auth/user")).json();
  await asAdmin(browser, async (owner) => {
    const res = await owner.request.post(`/api/admin/users/${me.id}/toggle-admin`, { data: { isAdmin: true, role } });
    expect(res.ok()).toBe(true);
  });
  return staff;
}

async function tabNames(page: Page): Promise<string[]> {
  await expect(page.getByRole("tab").first()).toBeVisible(SLOW);
  return page.getByRole("tab").allTextContents();
}

test("a support agent sees conversations, complaints, prizes and players, never money or roles", async ({ browser, page }) => {
  const agent = await newStaff(browser, "support", page.viewportSize());
  const p = agent.page;
  await p.goto("/admin");
  expect(await tabNames(p)).toEqual([
    "Overview",
    "Prizes",
    "Complaints",
    "Contests",
    "Users",
    "Players at risk",
    "Messages",
    "Outbox",
  ]);
  // Users: the profile, no role buttons.
  await p.getByRole("tab", { name: "Users" }).click();
  await p.getByLabel("Search users").fill(ADMIN.email);
  const row = p.getByTestId("admin-user-row").first();
  await expect(row.getByTestId("user-role")).toHaveText("Admin · Owner", SLOW);
  await expect(p.getByRole("button", { name: "Make Admin" })).toHaveCount(0);
  await expect(p.getByRole("button", { name: "Remove Admin" })).toHaveCount(0);
  // Contests: a postal free entry is theirs; editing terms is not.
  await p.getByRole("tab", { name: "Contests" }).click();
  await expect(p.getByRole("button", { name: "Free entry" }).first()).toBeVisible(SLOW);
  await expect(p.getByRole("button", { name: "Add Contest" })).toHaveCount(0);
  await expect(p.getByRole("button", { name: "Edit" })).toHaveCount(0);
  await expect(p.getByRole("button", { name: "Instant prizes" })).toHaveCount(0);
  // A money tab named in the URL opens the first of theirs instead; the server refuses the call anyway.
  await p.goto("/admin?tab=withdrawals");
  await expect(p.getByRole("tab", { name: "Overview" })).toHaveAttribute("aria-selected", "true", SLOW);
  const refused = await p.request.get("/api/admin/withdrawals");
  expect(refused.status()).toBe(403);
  expect((await refused.json()).message).toBe("Your staff role does not allow this");
  await agent.context.close();
});

test("a withdrawal over the threshold: one finance member proposes, another confirms and it is paid once", async ({
  browser,
  page,
}) => {
  const viewport = page.viewportSize();
  const player = await newPlayer(browser, { balance: "150" });
  const asked = await player.page.request.post("/api/withdrawals", {
    data: { amount: "120", cryptoCurrency: "USDT", network: "TRC20", address: TRON },
  });
  expect(asked.status()).toBe(201);

  const ana = await newStaff(browser, "finance", viewport);
  const a = ana.page;
  await a.goto("/admin");
  expect(await tabNames(a)).toEqual([
    "Overview",
    "Payments",
    "Withdrawals",
    "Review",
    "Contests",
    "Users",
    "Players at risk",
    "Analytics",
    "Audit",
  ]);
  // The review queue opens for finance (paged: "Load more" once it holds more than a page).
  await a.getByRole("tab", { name: "Review" }).click();
  await expect(a.getByRole("heading", { name: "Review queue" })).toBeVisible();
  await a.getByRole("tab", { name: "Withdrawals" }).click();
  const rowA = a.getByTestId("admin-withdrawal-row").filter({ hasText: player.email });
  await rowA.getByRole("button", { name: "Approve" }).click();
  const propose = a.getByRole("dialog", { name: "Propose withdrawal approval" });
  await expect(propose.getByTestId("four-eyes-note")).toContainText("needs a second approver");
  await propose.getByRole("button", { name: "Propose sending $120.00" }).click();
  await expect(a.getByText("Waiting for a Second Approver", { exact: true })).toBeVisible(SLOW);
  await expect(rowA.getByRole("button", { name: "Proposed by you" })).toBeDisabled(SLOW);
  await expect(rowA).toContainText("pending");
  const queueA = a.getByTestId("waiting-approval").filter({ hasText: player.email });
  await expect(queueA).toContainText("proposed by you");
  await expect(queueA.getByRole("button", { name: "Withdraw proposal" })).toBeVisible();
  // The proposer cannot confirm through the REST row either.
  const own = await a.request.post(`/api/admin/withdrawals/${(await asked.json()).id}/approve`, { data: {} });
  expect(own.status()).toBe(403);

  const ben = await newStaff(browser, "finance", viewport);
  const b = ben.page;
  await b.goto("/admin?tab=withdrawals");
  const queueB = b.getByTestId("waiting-approval").filter({ hasText: player.email });
  await expect(queueB).toContainText(`proposed by ${ana.email} (Finance)`, SLOW);
  await queueB.getByRole("button", { name: "Confirm" }).click();
  const confirm = b.getByRole("dialog", { name: "Approve withdrawal" });
  await expect(confirm).toContainText(`Proposed by ${ana.email}`);
  await confirm.getByRole("button", { name: "Approve and send $120.00" }).click();
  const rowB = b.getByTestId("admin-withdrawal-row").filter({ hasText: player.email });
  // Decided, it leaves the pending queue; "All" shows it paid.
  await expect(rowB).toHaveCount(0, SLOW);
  await b.getByTestId("withdrawals-status").getByText("All", { exact: true }).click();
  await expect(rowB).toContainText("paid", SLOW);
  await expect(b.getByTestId("waiting-approval").filter({ hasText: player.email })).toHaveCount(0);

  // The audit names both, each with the role they acted under.
  await b.getByRole("tab", { name: "Audit" }).click();
  await expect(b.getByTestId("audit-entry").filter({ hasText: ana.email }).first()).toContainText("(Finance)", SLOW);
  for (const c of [player.context, ana.context, ben.context]) await c.close();
});
