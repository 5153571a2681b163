import { expect, test } from "@playwright/test";
import { ADMIN, signInViaApi } from "./helpers";

// The admin lists are pages (docs/admin.md "Paged lists and phones"), on desktop and phone: the
// Outbox shows 50 e-mails and "Load more" fetches the next page. Each sign-up writes one mail (the
// address's verification link), so 51 new accounts with one marker in their address make a list of
// 51 that no other spec shares.
const SLOW = { timeout: 30_000 };
const ROWS = 51;

test("the Outbox shows a page of 50 and Load more brings the next", async ({ page, request }, info) => {
  test.setTimeout(180_000);
  const marker = `paging-${info.project.name}-${Date.now()}`;
  // Five at a time: the server hashes a few passwords at once and answers 503 (try again) beyond.
  for (let i = 0; i < ROWS; i += 5) {
    await Promise.all(
      Array.from({ length: Math.min(5, ROWS - i) }, async (_, k) => {
        const signup = () =>
          request.post("/api/auth/signup", {
            data: {
              firstName: "Page",
              lastName: "Player",
              email: `${marker}-${i + k}@example.com`,
              password: "secret123",
              confirmPassword: "secret123",
              securityQuestion: "What is your favourite movie?",
              securityAnswer: "heat",
              spendLimit: { choice: "declined" },
            },
          });
        let res = await signup();
        for (let tries = 0; res.status() === 503 && tries < 5; tries++) {
          await new Promise((r) => setTimeout(r, 1000 * Number(res.headers()["retry-after"] ?? 1)));
          res = await signup();
        }
        expect(res.status()).toBe(201);
      }),
    );
  }

  await signInViaApi(page, ADMIN);
  await page.goto("/admin?tab=outbox");
  const rows = page.getByTestId("outbox-row");
  await expect(rows.first()).toBeVisible(SLOW);
  await page.getByLabel("Search by recipient").fill(marker);
  // The search applies after a short pause: wait until every row shown is one of this test's.
  await expect(rows.filter({ hasNotText: marker })).toHaveCount(0, SLOW);
  await expect(rows).toHaveCount(50, SLOW);
  await expect(page.getByTestId("list-count")).toHaveText("Showing 50 e-mails so far");
  await page.getByRole("button", { name: "Load more" }).click();
  await expect(rows).toHaveCount(ROWS, SLOW);
  await expect(page.getByTestId("list-count")).toHaveText(`Showing ${ROWS} e-mails`);
  await expect(page.getByRole("button", { name: "Load more" })).toHaveCount(0);
  // Newest first: the last row is one of the first ten accounts (made together, before the others).
  await expect(rows.last()).toContainText(new RegExp(`${marker}-\\d@example\\.com`));
});
