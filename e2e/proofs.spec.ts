import fs from "node:fs/promises";
import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousAxeViolations } from "./axe";
import { holdScripts } from "./helpers";
import { asAdmin, createContestViaApi, newPlayer } from "./players";

// docs/fair-play.md "Proof of liabilities" and "Signed receipts": a player checks their own proof and
// a receipt in the browser (Web Crypto), on a desktop and on a phone (playwright.config.ts PHONE_SPECS);
// a tampered proof file and a tampered receipt are refused there too.

/** Takes a snapshot as an admin; another worker's snapshot may be running (409): wait for it. */
async function takeSnapshot(admin: Page): Promise<string> {
  for (let i = 0; i < 30; i++) {
    const res = await admin.request.post("/api/admin/proof-of-liabilities");
    if (res.status() === 200) return (await res.json()).snapshot.id as string;
    expect(res.status()).toBe(409);
    await admin.waitForTimeout(1000);
  }
  throw new Error("no snapshot could be taken");
}

test("a player checks their proof of liabilities and a signed receipt in the browser; tampered ones fail", async ({
  browser,
}, info) => {
  test.setTimeout(180_000);
  const viewport = info.project.use.viewport ?? { width: 1366, height: 900 };
  const contestId = await createContestViaApi(browser, { title: `Proof Car ${Date.now()}`, ticketPrice: 1, maxTickets: 500 });
  const player = await newPlayer(browser, { balance: "12", viewport });
  const bought = await player.page.request.post("/api/cart/add", { data: { contestId, quantity: 2 } });
  expect(bought.status()).toBe(200);
  const receipt = (await bought.json()).entries[0].receipt;
  const snapshotId = await asAdmin(browser, takeSnapshot);

  const page = player.page;
  await page.goto("/proof-of-liabilities");
  await expect(page.getByRole("heading", { level: 1, name: "Proof of liabilities" })).toBeVisible();
  const published = await (await page.request.get(`/api/proof-of-liabilities/${snapshotId}`)).json();
  const latest = page.getByTestId("latest-snapshot");
  await expect(latest).toBeVisible();
  // Another worker may have published a newer one meanwhile: the page shows the latest, whichever it is.
  const latestId = (await (await page.request.get("/api/proof-of-liabilities?limit=1")).json()).latest.id as string;
  if (latestId === snapshotId) await expect(page.getByTestId("root-hash")).toHaveText(published.rootHash);

  // Checked in this browser: the leaf's path, the published root and totals, the account.
  await page.getByTestId("check-my-proof").click();
  const result = page.getByTestId("my-proof-result");
  await expect(result).toContainText("✓ Verified in your browser", { timeout: 30_000 });
  await expect(result).toContainText("cash $10.000"); // $12 topped up, $2 spent
  await expect(result).toContainText("the leaf is committed to your account id");

  // The downloaded file checks too; the same file with a smaller balance does not.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("download-my-proof").click()]);
  const file = JSON.parse(await fs.readFile((await download.path()) as string, "utf8"));
  expect(file.amounts.cash).toBe("10.000");
  const chooser = page.getByLabel("Proof file", { exact: true });
  await chooser.setInputFiles({ name: "proof.json", mimeType: "application/json", buffer: Buffer.from(JSON.stringify(file)) });
  await expect(page.getByTestId("file-proof-result")).toContainText("✓ Verified in your browser");
  const tampered = {
    ...file,
    amounts: { ...file.amounts, cash: "0.000" },
    proof: { ...file.proof, amounts: ["0", ...file.proof.amounts.slice(1)] },
  };
  await chooser.setInputFiles({
    name: "tampered.json",
    mimeType: "application/json",
    buffer: Buffer.from(JSON.stringify(tampered)),
  });
  await expect(page.getByTestId("file-proof-result")).toContainText("✗ Does not verify");

  // The receipt from the purchase verifies against the published keys; an edited one does not.
  await page.getByTestId("receipt-input").fill(JSON.stringify(receipt));
  await page.getByTestId("check-receipt").click();
  await expect(page.getByTestId("receipt-result")).toContainText("✓ Verified in your browser");
  await expect(page.getByTestId("receipt-result")).toContainText(`tickets ${receipt.tickets}`);
  await page.getByTestId("receipt-input").fill(JSON.stringify({ ...receipt, tickets: "1-99" }));
  await page.getByTestId("check-receipt").click();
  await expect(page.getByTestId("receipt-result")).toContainText("✗ Does not verify");

  // Nothing overflows a phone's width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
  await player.context.close();
});

test("a visitor sees the published root and history, reached from the footer; signing in is offered for the own check", async ({
  page,
}) => {
  await page.goto("/how-we-run-our-draws");
  await page.getByRole("contentinfo").getByRole("link", { name: "Proof of liabilities" }).click();
  await expect(page).toHaveURL(/\/proof-of-liabilities$/);
  await expect(page.getByRole("heading", { level: 1, name: "Proof of liabilities" })).toBeVisible();
  await expect(page.getByTestId("what-it-proves")).toContainText("leave an account out");
  await expect(page.getByTestId("receipt-keys")).toBeVisible();
  const latest = (await (await page.request.get("/api/proof-of-liabilities?limit=1")).json()).latest;
  if (latest) await expect(page.getByTestId("my-proof")).toContainText("Sign in");
});

test("/proof-of-liabilities comes with its snapshots and receipt keys; the browser reads neither again; its alerts are legible", async ({
  browser,
  page,
}) => {
  await asAdmin(browser, (admin) => takeSnapshot(admin));
  const keys = (await (await page.request.get("/api/receipts/keys")).json()).keys as { id: string }[];
  const latest = (await (await page.request.get("/api/proof-of-liabilities?limit=1")).json()).latest;
  const html = await (await page.request.get("/proof-of-liabilities")).text();
  expect(keys.length).toBeGreaterThan(0);
  for (const k of keys) expect(html).toContain(k.id);
  expect(html).toContain(latest.rootHash);

  const reads: string[] = [];
  page.on("request", (r) => {
    if (/proofs\.liabilities|receipts\.keys/.test(r.url())) reads.push(r.url());
  });
  await page.goto("/proof-of-liabilities");
  await expect(page.getByTestId("receipt-keys")).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(reads).toEqual([]);
  // The snapshot's solvency alert (green on light green read 3.8:1 before src/theme.ts darkened it).
  await expect(page.getByTestId("solvency")).toBeVisible();
  await expectNoSeriousAxeViolations(page, "/proof-of-liabilities with a snapshot");
});

// A receipt pasted before the page's code arrived (a slow phone) is the one checked, not an empty box
// (src/components/common/useTypedBeforeHydration.ts).
test("a receipt pasted before the page's code arrived is the one checked", async ({ browser }) => {
  const contestId = await createContestViaApi(browser, { title: `Early receipt ${Date.now()}`, ticketPrice: 1 });
  const player = await newPlayer(browser, { balance: "2" });
  const bought = await player.page.request.post("/api/cart/add", { data: { contestId, quantity: 1 } });
  expect(bought.status()).toBe(200);
  const receipt = JSON.stringify((await bought.json()).entries[0].receipt);
  const page = player.page;
  const release = await holdScripts(page);
  await page.goto("/proof-of-liabilities", { waitUntil: "domcontentloaded" });
  await page.getByTestId("receipt-input").fill(receipt);
  release();
  await expect(page.getByRole("button", { name: /notifications/i })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("receipt-input")).toHaveValue(receipt);
  await page.getByTestId("check-receipt").click();
  await expect(page.getByTestId("receipt-result")).toContainText("✓ Verified in your browser");
  await player.context.close();
});
