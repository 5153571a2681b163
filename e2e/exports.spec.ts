/** Admin CSV exports from the dashboard's buttons (src/components/admin/ExportCsvButton.tsx): the browser downloads the file. */
import fs from "node:fs";
import { expect, test } from "@playwright/test";
import { ADMIN, signInViaApi } from "./helpers";

test("an admin downloads payments, withdrawals, a contest's entries and the audit log as CSV", async ({ page }) => {
  await signInViaApi(page, ADMIN);
  const download = async (tab: string, name: RegExp, header: string) => {
    await page.goto(`/admin?tab=${tab}`);
    const [file] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name }).first().click()]);
    expect(file.suggestedFilename()).toMatch(/\.csv$/);
    const text = fs.readFileSync(await file.path(), "utf8");
    expect(text.split("\r\n")[0]).toBe(header);
  };
  await download(
    "payments",
    /Export all payments \(CSV\)/,
    "id,createdAt,userEmail,amount,currency,cryptoCurrency,network,provider,trackId,status,gatewayStatus,receivedAmount,creditedAmount,processedAt,rejectionReason,overrideReason",
  );
  await download(
    "withdrawals",
    /Export CSV/,
    "id,createdAt,userEmail,amount,cryptoCurrency,network,address,status,payAmount,txid,paidAt,processedAt,rejectionReason,failureReason",
  );
  await download("audit", /Export CSV/, "id,createdAt,actorEmail,actorRole,action,targetType,targetId,reason,before,after");
  await download(
    "contests",
    /Entries CSV/,
    "entryId,createdAt,userEmail,firstName,lastName,firstTicket,lastTicket,ticketCount,totalAmount,freeEntry,result",
  );
  // Every download is in the audit log (src/server/rest/routes/exports.ts), newest first.
  await page.goto("/admin?tab=audit");
  const downloads = page.locator('[data-testid="audit-entry"][data-action="export.read"]');
  await expect(downloads.first()).toContainText("CSV export downloaded");
  await expect(downloads.filter({ hasText: "contest_entries" }).first()).toBeVisible();
});
