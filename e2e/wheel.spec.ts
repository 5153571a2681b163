import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { DEFAULT_WHEEL_CONFIG } from "../src/shared/wheel";
import { signInViaApi } from "./helpers";

// The wheel's full spin (playwright.config.ts asks for reduced motion everywhere else).
test.use({ reducedMotion: "no-preference" });

const TITLES = /^(Congratulations!|Try Again!|You Lost!)$/;

test("logged out: the wheel asks to log in", async ({ page }) => {
  await page.goto("/wheel");
  await expect(page.getByText("Please log in to play the fortune wheel")).toBeVisible();
  await expect(page.getByRole("link", { name: "Log In" })).toHaveAttribute("href", "/api/login");
});

test("free spin -> toast -> balance; a second free spin is refused", async ({ page }) => {
  const who = { email: `wheel-${randomBytes(5).toString("hex")}@example.com`, password: "wheel-pass-1" };
  const signup = await page.request.post("/api/auth/signup", {
    data: {
      firstName: "Wheel",
      lastName: "Player",
      email: who.email,
      password: who.password,
      confirmPassword: who.password,
      securityQuestion: "What was the name of your first pet?",
      securityAnswer: "rex",
    },
  });
  expect(signup.status()).toBe(201);
  await signInViaApi(page, who);

  await page.goto("/wheel");
  await expect(page.getByRole("heading", { name: "Fortune Wheel", level: 1 })).toBeVisible();
  await expect(page.getByTestId("wheel-balance")).toHaveText("Balance: $0.00");
  await expect(page.getByTestId("free-spin-count")).toHaveText("1");
  await expect(page.getByTestId("server-seed-hash")).toHaveText(/^[0-9a-f]{64}$/);
  const canvas = page.getByTestId("wheel-canvas");
  await expect(canvas).toHaveAttribute("width", "450");
  await expect(canvas).toHaveAttribute("height", "450");

  const button = page.getByTestId("spin-button");
  let won = 0;
  // A TRY AGAIN result grants a free re-spin, so the round goes on until LOSE or a prize.
  for (let round = 0; round < 25; round++) {
    await expect(button).toBeEnabled();
    await expect(button).toHaveText(round === 0 ? "Free Spin" : "Free Re-Spin");
    await button.click();
    await expect(button).toBeDisabled(); // no spin while one runs
    await expect(page.getByTestId("spin-countdown")).toHaveText(/Spinning… \ds|Stopping…/);
    const title = page.locator(".mantine-Notification-title");
    await expect(title).toHaveText(TITLES, { timeout: 20_000 });
    const text = await title.textContent();
    const message = (await page.locator(".mantine-Notification-description").textContent()) ?? "";
    // The wheel stopped with the pointer on the segment the server drew (shown in the last-result box).
    const index = Number(await canvas.getAttribute("data-pointer-segment"));
    await expect(page.getByTestId("last-result")).toContainText(DEFAULT_WHEEL_CONFIG.segments[index]!.label);
    await page.locator(".mantine-Notification-root").getByRole("button").click();
    await expect(title).toHaveCount(0);
    if (text === "Try Again!") {
      expect(message).toBe("You can try again!");
      continue;
    }
    if (text === "Congratulations!") {
      const m = /^You won \$(\d+\.\d{2})!$/.exec(message);
      expect(m).not.toBeNull();
      won = Math.round(Number(m![1]) * 1000);
    } else {
      expect(message).toBe("Better luck next time! Try spinning again.");
    }
    break;
  }
  await expect(page.getByTestId("wheel-balance")).toHaveText(`Balance: $${(won / 1000).toFixed(2)}`);
  await expect(page.getByTestId("free-spin-count")).toHaveText("0");
  await expect(button).toHaveText("Spin for $0.001");
  await expect(page.getByText(/Next free spin in \d\d:\d\d:\d\d/)).toBeVisible();

  // The server refuses a second free spin, whatever the client sends.
  const again = await page.request.post("/api/wheel/spin", { data: { isPaid: false } });
  expect(again.status()).toBe(409);
  expect((await again.json()).message).toMatch(/No free spin available/);
  const status = await (await page.request.get("/api/wheel/status")).json();
  expect(status.canSpinFree).toBe(false);
  expect(status.balance).toBe(won === 0 ? "0.00" : (won / 1000).toFixed(2));
  // update-balance cannot add money
  const upd = await page.request.post("/api/wheel/update-balance", { data: { amount: 100 } });
  expect((await upd.json()).balance).toBe(status.balance);

  // Provably fair: rotating reveals the seed whose hash was shown, and the browser verifies every spin.
  const hash = await page.getByTestId("server-seed-hash").textContent();
  await page.getByRole("button", { name: "Rotate Seed" }).click();
  await expect(page.getByTestId("revealed-seed")).toContainText(`SHA-256: ${hash}`);
  const rows = page.getByTestId("verify-table").locator("tbody tr");
  await expect(rows.first()).toContainText("Verified");
  await expect(page.getByTestId("verify-table").getByText("Verified")).toHaveCount(await rows.count());
  await expect(page.getByTestId("server-seed-hash")).not.toHaveText(hash ?? "");
});
