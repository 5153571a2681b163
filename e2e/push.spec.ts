import { expect, type Page, test } from "@playwright/test";
import { startPushPeer } from "../tests/helpers/push-peer";
import { newPlayer, topUp } from "./players";

// Web push and the installable app (docs/push.md), on desktop and phone: Chromium reports the app
// installable (manifest with PNG icons, a registered service worker), the offline page shows when the
// network is gone, notification permission is never asked on load but after a top-up request, and a
// push reaches a push service of the test's own (tests/helpers/push-peer.ts: it verifies the VAPID
// signature and decrypts the payload). The browser's own push service (Google's) cannot be reached
// from this offline machine, so the device subscription the server pushes to is made by the test
// through POST /api/push/subscriptions, as the browser's PushManager would hand it over.
const SLOW = { timeout: 30_000 };

// The other specs block the worker (playwright.config.ts); this one is about it.
test.use({ serviceWorkers: "allow" });

/** Waits until the page's service worker is active and controls the page. */
async function controlledBySw(page: Page): Promise<string> {
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) {
    await page.reload();
    await page.waitForFunction(() => Boolean(navigator.serviceWorker.controller), undefined, SLOW);
  }
  return scope;
}

test("Chromium reports the app installable: a manifest with PNG icons and a registered service worker; offline pages show /offline", async ({
  page,
  context,
}) => {
  await page.goto("/");
  const scope = await controlledBySw(page);
  expect(new URL(scope).pathname).toBe("/");

  const manifest = await (await page.request.get("/manifest.webmanifest")).json();
  expect(manifest).toMatchObject({ name: "Prize Contests", short_name: "Prize Contests", start_url: "/", display: "standalone" });
  const pngs = manifest.icons.filter((i: { type: string }) => i.type === "image/png");
  expect(pngs.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`)).toEqual([
    "192x192 any",
    "512x512 any",
    "512x512 maskable",
  ]);
  for (const icon of pngs) {
    const res = await page.request.get(icon.src);
    expect(res.status(), icon.src).toBe(200);
    expect(res.headers()["content-type"]).toBe("image/png");
    expect((await res.body()).subarray(1, 4).toString()).toBe("PNG");
  }
  const sw = await page.request.get("/sw.js");
  expect(sw.status()).toBe(200);
  expect(sw.headers()["content-type"]).toContain("javascript");
  expect(sw.headers()["cache-control"]).toContain("no-cache");
  expect(sw.headers()["service-worker-allowed"]).toBe("/");

  // Chromium's own verdict (what decides whether it offers "Install app").
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = await cdp.send("Page.getInstallabilityErrors");
  expect(installabilityErrors).toEqual([]);

  // No network: a page the worker cannot fetch is the precached offline page.
  await context.setOffline(true);
  try {
    await page.goto("/winners");
    await expect(page.getByRole("heading", { name: "You are offline" })).toBeVisible(SLOW);
  } finally {
    await context.setOffline(false);
  }
  await page.goto("/winners");
  await expect(page.getByRole("heading", { name: "You are offline" })).toHaveCount(0);
});

test("permission is asked after a top-up request, never on load; an approved top-up is pushed, signed and encrypted", async ({
  browser,
}, info) => {
  test.setTimeout(120_000);
  const peer = await startPushPeer();
  const player = await newPlayer(browser, { viewport: info.project.use.viewport ?? undefined });
  const { page, context } = player;
  try {
    await context.grantPermissions(["notifications"]);
    // Count every permission request the page makes.
    await page.addInitScript(() => {
      const w = window as unknown as { permissionAsks: number };
      w.permissionAsks = 0;
      const ask = Notification.requestPermission.bind(Notification);
      Notification.requestPermission = (...args: Parameters<typeof Notification.requestPermission>) => {
        w.permissionAsks++;
        return ask(...args);
      };
    });
    const asks = () => page.evaluate(() => (window as unknown as { permissionAsks: number }).permissionAsks);

    await page.goto("/");
    await controlledBySw(page);
    await page.waitForLoadState("networkidle");
    expect(await asks()).toBe(0);
    await expect(page.getByTestId("push-offer")).toHaveCount(0);

    // A top-up request: then, and only then, the offer.
    const narrow = (page.viewportSize()?.width ?? 1366) < 992;
    if (narrow) {
      // The slide-out menu's code loads on the first tap: tap again only if it did not open.
      const menu = page.getByRole("dialog", { name: "Menu" });
      await expect(async () => {
        if (!(await menu.isVisible())) await page.getByRole("button", { name: "Open navigation menu" }).click();
        await expect(menu).toBeVisible({ timeout: 5_000 });
      }).toPass({ timeout: 60_000 });
      await menu.getByRole("button", { name: "Add Balance" }).click();
    } else {
      await page.getByRole("button", { name: "Add Balance" }).first().click();
    }
    const dialog = page.getByRole("dialog", { name: "Add Balance" });
    await dialog.getByLabel("Amount (USD)").fill("5");
    await dialog.getByRole("radio", { name: "USDT Tether" }).check();
    const popup = page.waitForEvent("popup");
    await dialog.getByRole("button", { name: "Continue to Payment" }).click();
    await (await popup).close();
    const offer = page.getByTestId("push-offer");
    await expect(offer).toContainText("Get told when your payment is approved?", SLOW);
    expect(await asks()).toBe(0);
    // The offer stands apart from the toasts: the payment's toast (15 s, held while hovered) covered
    // its buttons on a phone.
    const toast = page.locator(".mantine-Notification-root").first();
    await expect(toast).toBeVisible();
    const [a, b] = [await offer.boundingBox(), await toast.boundingBox()];
    if (!a || !b) throw new Error("offer or toast has no box");
    const apart = a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
    expect(apart, `offer ${JSON.stringify(a)} overlaps toast ${JSON.stringify(b)}`).toBe(true);
    await offer.getByRole("button", { name: "Enable" }).click();
    await expect(offer).toBeHidden(SLOW);
    expect(await asks()).toBe(1);
    // The click asked the browser. Headless Chromium answers "denied" to Notification.requestPermission
    // whatever the context granted, and its push service is out of reach here: the toast says which
    // ("off": blocked, "unavailable": no push service, "on" only in a browser that can push).
    await expect(page.getByText(/^Push notifications (on|off|unavailable)$/)).toBeVisible(SLOW);

    // The device's subscription as PushManager hands it over, at the test's push service.
    const device = peer.device();
    const subscribed = await page.request.post("/api/push/subscriptions", { data: device });
    expect(subscribed.status()).toBe(200);
    const key = await (await page.request.get("/api/push/public-key")).json();

    await topUp(browser, page, "7");
    const [push] = await peer.waitFor(1, 20_000);
    expect(peer.refused).toEqual([]);
    expect(push?.vapidKey).toBe(key.publicKey);
    expect(push?.claims.aud).toBe(peer.origin);
    expect(push?.payload).toMatchObject({
      title: "Payment Approved",
      body: "Your payment of $7.00 has been approved and added to your balance.",
      url: "/payments",
    });

    // Account Settings has the device's switch (off: the browser itself holds no subscription here).
    if (narrow) {
      await page.getByRole("button", { name: "Open navigation menu" }).click();
      await page.getByRole("dialog", { name: "Menu" }).getByRole("button", { name: "Account Settings" }).click();
    } else {
      await page.getByTestId("user-menu").click();
      await page.getByRole("menuitem", { name: "Account Settings" }).click();
    }
    const settings = page.getByRole("dialog", { name: "Account Settings" }).getByTestId("push-settings");
    await expect(settings.getByRole("switch", { name: "Push notifications on this device" })).toBeVisible(SLOW);

    // Unsubscribing the device (by its endpoint) removes it.
    const removed = await page.request.delete("/api/push/subscriptions", { data: { endpoint: device.endpoint } });
    expect(removed.status()).toBe(200);
    expect((await removed.json()).subscribed).toBe(false);
  } finally {
    await context.close();
    await peer.close();
  }
});
