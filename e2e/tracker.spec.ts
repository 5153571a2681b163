/**
 * The prize-delivery trail end to end, on a desktop and on a phone (390 px): a prize goes from won to delivered with
 * a visible trail and the winner's confirmation (public trail without personal data), and a complaint
 * goes from filed to answered with its reference (docs/fair-play.md "Prize delivery", "Complaints").
 * The admin works on a desktop in both.
 */
import { type Browser, expect, type Page, test } from "@playwright/test";
import { ADMIN, signInViaApi } from "./helpers";
import { asAdmin, newPlayer } from "./players";

// A loaded 2-core machine can take well over the default 10 s to hydrate the admin dashboard.
const SLOW = { timeout: 30_000 };
const DEVICES = [
  { name: "desktop", viewport: { width: 1366, height: 900 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
] as const;

async function adminPage(browser: Browser): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await signInViaApi(page, ADMIN);
  return { page, close: () => context.close() };
}

for (const device of DEVICES) {
  test(`a prize goes from won to delivered with a visible trail and the winner's confirmation (${device.name})`, async ({
    browser,
  }) => {
    test.setTimeout(180_000);
    const player = await newPlayer(browser, { balance: "5", viewport: device.viewport });
    const title = `Tracker bike ${device.name} ${Date.now()}`;
    // One ticket, no cash alternative: the only ticket sells it out and wins its draw.
    const contestId = await asAdmin(browser, async (admin) => {
      const res = await admin.request.post("/api/admin/contests", {
        data: {
          title,
          description: "A contest made by an end-to-end test.",
          ticketPrice: 2,
          maxTickets: 1,
          originalPrice: null,
          discountPercentage: null,
          category: "bikes",
          imageUrl: "/images/contests/gold-watch.svg",
          status: "active",
          soldTickets: 0,
        },
      });
      expect(res.status()).toBe(201);
      return (await res.json()).contest.id as string;
    });
    expect((await player.page.request.post("/api/cart/add", { data: { contestId, quantity: 1 } })).ok()).toBe(true);

    // The winner asks for the prize with a delivery address.
    const page = player.page;
    await page.goto("/prizes");
    const card = page.getByTestId("prize-card").filter({ hasText: title });
    await card.getByRole("button", { name: "Get the prize" }).click(SLOW);
    const form = page.getByRole("dialog", { name: "Delivery address" });
    await form.getByLabel("Full name").fill("Pat Player");
    await form.getByLabel("Address line 1").fill("12 Secret Lane");
    await form.getByLabel("City").fill("Leeds");
    await form.getByLabel("Postcode").fill("LS1 4AB");
    await form.getByLabel("Country").fill("UK");
    await form.getByLabel("Phone").fill("+44 113 496 0000");
    await form.getByRole("button", { name: "Request delivery" }).click();
    await expect(form).toBeHidden(SLOW);
    const trail = card.getByTestId("prize-trail");
    await expect(trail.getByTestId("trail-step")).toHaveCount(2, SLOW);
    await expect(trail).toContainText("Won");
    await expect(trail).toContainText("Prize requested");

    // The admin records shipped (carrier and tracking reference) and delivered.
    const admin = await adminPage(browser);
    await admin.page.goto("/admin?tab=prizes");
    const row = admin.page.getByTestId("admin-prize-row").filter({ hasText: title });
    await row.getByLabel(`Carrier for ${title}`).fill("DHL", SLOW);
    await row.getByLabel(`Tracking reference for ${title}`).fill("JD0123456789");
    await row.getByRole("button", { name: "Mark shipped" }).click();
    await row.getByRole("button", { name: "Mark delivered" }).click(SLOW);
    await expect(row).toContainText("Delivered", SLOW);
    // A published winner post links the gallery to the public trail.
    const post = await admin.page.request.post("/api/admin/winner-posts", {
      data: {
        title: `${title} won`,
        description: "A bike delivered to its winner.",
        winnerName: "Pat P.",
        winnerId: "e2e",
        contestId,
        contestTitle: title,
        imageUrl: "",
        winDate: new Date().toISOString(),
        isPublished: true,
      },
    });
    expect(post.status()).toBe(201);
    await admin.close();

    // The winner sees every step with its time, and confirms receipt.
    await page.reload();
    await expect(trail.getByTestId("trail-step")).toHaveCount(4, SLOW);
    await expect(trail).toContainText("DHL, tracking JD0123456789");
    await expect(trail.locator('[data-kind="delivered"] time')).toHaveCount(1);
    await card.getByRole("button", { name: "I received it" }).click();
    await expect(trail.getByTestId("trail-step")).toHaveCount(5, SLOW);
    await expect(trail).toContainText("Receipt confirmed by the winner");
    await expect(card.getByRole("button", { name: "I received it" })).toHaveCount(0);

    // The public trail, as a visitor sees it: every step, a masked name, no address and only the
    // tracking reference's end.
    await player.context.close();
    const visitorContext = await browser.newContext({ viewport: device.viewport });
    const visitor = await visitorContext.newPage();
    // The gallery is a page kept for everyone: it shows the new post once its cache is invalidated.
    await expect(async () => {
      await visitor.goto("/winners");
      await expect(visitor.getByTestId("winner-card").filter({ hasText: `${title} won` })).toHaveCount(1, { timeout: 2_000 });
    }).toPass(SLOW);
    await visitor
      .getByTestId("winner-card")
      .filter({ hasText: `${title} won` })
      .getByRole("link", { name: "Prize delivery trail" })
      .click();
    await expect(visitor).toHaveURL(new RegExp(`/prize-trail/${contestId}$`), SLOW);
    await expect(visitor.getByRole("heading", { name: title })).toBeVisible(SLOW);
    await expect(visitor.getByText("Won by Pat P.")).toBeVisible();
    const publicTrail = visitor.getByTestId("prize-trail");
    await expect(publicTrail.getByTestId("trail-step")).toHaveCount(5);
    await expect(publicTrail).toContainText("DHL, tracking ••••6789");
    // The whole document, flight data included: nothing personal reached the browser.
    const body = await visitor.content();
    for (const secret of ["Secret Lane", "LS1 4AB", "+44", player.email, "JD0123456789", "Pat Player"]) {
      expect(body).not.toContain(secret);
    }
    await visitorContext.close();
  });

  test(`a complaint goes from filed to answered with its reference (${device.name})`, async ({ browser }) => {
    test.setTimeout(180_000);
    const player = await newPlayer(browser, { viewport: device.viewport, balance: "5" });
    const page = player.page;
    const subject = `Top-up question ${device.name} ${Date.now()}`;

    // The policy is one click from the footer and names the escalation route.
    await page.goto("/complaints-policy");
    await expect(page.getByRole("heading", { name: "Complaints Policy" })).toBeVisible(SLOW);
    await expect(page.getByTestId("adr-route")).toContainText("Independent Betting Adjudication Service (IBAS)");
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "Complaints Policy" })).toHaveAttribute(
      "href",
      "/complaints-policy",
    );

    await page.goto("/complaints");
    // No category yet: the form asks for one in words (not the list of raw values).
    await page.getByRole("button", { name: "File complaint" }).click(SLOW);
    await expect(page.getByText("Please choose what the complaint is about")).toBeVisible();
    await page.getByRole("combobox", { name: "What is it about?" }).click(SLOW);
    await page.getByRole("option", { name: "A payment (top-up)" }).click();
    // The payment is picked from the player's own, by the Track ID they saw: no id to type.
    await page.getByRole("combobox", { name: "Which payment? (optional)" }).click();
    const option = page.getByRole("option", { name: /^\$5\.00 · Track ID \S+ · / });
    const trackId = /Track ID (\S+)/.exec((await option.textContent()) ?? "")?.[1] as string;
    expect(trackId).toBeTruthy();
    await option.click();
    await page.getByRole("textbox", { name: "Subject", exact: true }).fill(subject);
    await page.getByRole("textbox", { name: "Description", exact: true }).fill("I think my ticket should have won.");
    await page.getByRole("button", { name: "File complaint" }).click();
    const filed = page.getByTestId("complaint-filed");
    await expect(filed).toContainText(/C-\d{4}-\d{6}/, SLOW);
    const reference = /C-\d{4}-\d{6}/.exec((await filed.textContent()) ?? "")?.[0] as string;
    const card = page.getByTestId("complaint-card").filter({ hasText: reference });
    await expect(card).toContainText("Acknowledged");
    await expect(card).toContainText("answer due by");
    await expect(card).toContainText(`(${trackId})`);

    // The admin replies, then gives the final answer (asked first).
    const admin = await adminPage(browser);
    await admin.page.goto("/admin?tab=complaints");
    const queued = admin.page.getByTestId("admin-complaint").filter({ hasText: reference });
    await expect(queued).toContainText(subject, SLOW);
    const box = queued.getByLabel(`Reply or final answer to ${reference}`);
    await box.fill("We are checking the draw record.");
    await queued.getByRole("button", { name: "Send reply" }).click();
    await expect(queued.getByTestId("complaint-step")).toHaveCount(1, SLOW);
    await box.fill("The draw was verified: ticket #1 of 1 won fairly.");
    await queued.getByRole("button", { name: "Send final answer" }).click();
    await admin.page
      .getByRole("dialog", { name: "Send the final answer?" })
      .getByRole("button", { name: "Send final answer" })
      .click();
    // Answered, it leaves the open queue; "All" shows it with the final answer.
    await expect(queued).toHaveCount(0, SLOW);
    await admin.page.getByTestId("complaints-status").getByText("All", { exact: true }).click();
    await expect(queued).toContainText("Final answer given", SLOW);
    // Each step is in the audit log (the e-mails are proved over SMTP in tests/integration/complaints.test.ts).
    const audit = await (await admin.page.request.get("/api/admin/audit?action=complaint.answer")).json();
    expect(audit.entries[0]).toMatchObject({ actorEmail: ADMIN.email, targetId: reference });
    await admin.close();

    await page.reload();
    await expect(card).toContainText("Final answer given", SLOW);
    await expect(card).toContainText("We are checking the draw record.");
    await expect(card).toContainText("The draw was verified");
    await expect(card.getByLabel(`Add a note to ${reference}`)).toHaveCount(0);
    // The final answer on screen names the independent body, as the e-mail does.
    await expect(card.getByTestId("complaint-escalation")).toContainText(
      `take your complaint to Independent Betting Adjudication Service (IBAS), free of charge, quoting ${reference}.`,
    );
    await expect(
      card.getByTestId("complaint-escalation").getByRole("link", { name: "Independent Betting Adjudication Service (IBAS)" }),
    ).toHaveAttribute("href", "https://www.ibas-uk.com/");
    await player.context.close();
  });
}
