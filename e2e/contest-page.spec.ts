import { expect, test } from "@playwright/test";
import { asAdmin, newPlayer } from "./players";

// A contest page's own controls (src/components/contests/ContestDetail.tsx), on desktop and phone:
// its tabs and the skill question are plain elements (src/components/common/LightTabs.tsx,
// LightInputs.tsx), so their keyboard and touch behaviour is this file's to check.

test("a contest page's tabs answer clicks and the arrow keys; on a phone each tab and each answer of the skill question is a 44 px row", async ({
  browser,
}, info) => {
  const contestId = await asAdmin(browser, async (admin) => {
    const res = await admin.request.post("/api/admin/contests", {
      data: {
        title: `Tabs and answers ${Date.now()}`,
        description: "A contest with features, specifications and a question.",
        ticketPrice: 1,
        maxTickets: 50,
        category: "watches",
        imageUrl: "/images/contests/gold-watch.svg",
        features: ["Sapphire crystal", "Screw-down crown"],
        specifications: { case_size: "42 mm" },
        skillQuestion: { text: "Which planet is the Red Planet?", options: ["Venus", "Mars", "Jupiter"], correctIndex: 1 },
      },
    });
    expect(res.status()).toBe(201);
    return (await res.json()).contest.id as string;
  });
  const { context, page } = await newPlayer(browser, { viewport: info.project.use.viewport ?? undefined });
  await page.goto(`/contest/${contestId}`);
  const tab = (name: string) => page.getByRole("tab", { name });
  // Hydrated: the header knows the player.
  await expect(page.getByRole("button", { name: /notifications/i })).toBeVisible({ timeout: 30_000 });
  await expect(tab("Description")).toHaveAttribute("aria-selected", "true");
  await expect(page.getByText("Sapphire crystal")).toBeHidden();

  await tab("Features").click();
  await expect(tab("Features")).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tabpanel", { name: "Features" }).getByText("Sapphire crystal")).toBeVisible();
  // One tab in the tab order; the arrows move along the tabs, wrapping, and Home goes to the first.
  await expect(page.locator("[role=tab][tabindex='0']")).toHaveCount(1);
  await tab("Features").focus();
  await page.keyboard.press("ArrowRight");
  await expect(tab("Specifications")).toBeFocused();
  await expect(
    page.getByRole("tabpanel", { name: "Specifications" }).getByRole("row", { name: /Case Size\s*42 mm/ }),
  ).toBeVisible();
  await page.keyboard.press("ArrowRight");
  await expect(tab("Description")).toBeFocused();
  await expect(tab("Description")).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("End");
  await expect(tab("Specifications")).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Home");
  await expect(tab("Description")).toHaveAttribute("aria-selected", "true");

  const question = page.getByTestId("skill-question");
  await expect(question.getByRole("radio")).toHaveCount(3);
  if (info.project.name === "phone") {
    for (const name of ["Description", "Features", "Specifications"]) {
      expect((await tab(name).boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
    }
    for (const answer of ["Venus", "Mars", "Jupiter"]) {
      const row = question.locator("div", { has: page.getByLabel(answer) }).last();
      expect((await row.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
    }
  }
  await question.getByLabel("Mars").check();
  await page.getByRole("button", { name: "Add to Cart" }).click();
  await expect(page.getByText("Added 1 ticket(s) to cart")).toBeVisible();
  await context.close();
});
