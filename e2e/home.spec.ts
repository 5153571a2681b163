import { expect, test } from "@playwright/test";
import { createApiClient } from "../src/client";
import { PLAYER, signInViaApi } from "./helpers";

test("a signed-in player's home lists seeded contests from the database", async ({ page }) => {
  await signInViaApi(page, PLAYER);
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Active Contests" })).toBeVisible();
  await expect(page.getByText("V10 Supercar")).toBeVisible();
  expect(await page.getByTestId("contest-card").count()).toBeGreaterThanOrEqual(12);
});

test("the typed client lists contests from the running server", async ({ baseURL }) => {
  const api = createApiClient(baseURL!);
  const contests = await api.contests.list.query();
  expect(contests.length).toBeGreaterThanOrEqual(12);
  expect(contests.find((c) => c.id === "seed-supercar")?.ticketPrice).toBe("3.99");
});

test("unknown pages read 404 Page Not Found", async ({ page }) => {
  const res = await page.goto("/no-such-page");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
});
