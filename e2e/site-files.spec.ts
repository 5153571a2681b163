/** The files browsers and crawlers ask for: web manifest, icon, robots.txt, sitemap (src/app/manifest.ts, robots.ts, sitemap.ts). */
import { expect, test } from "@playwright/test";

test("every page links the web manifest and icon; manifest, robots.txt and sitemap answer", async ({ page, request }) => {
  await page.goto("/");
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
  await expect(page.locator('link[rel="icon"][href*="/icon.svg"]')).toHaveCount(1);
  await expect(page.locator('link[rel="icon"][href*="/favicon.ico"]')).toHaveCount(1);
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute("content", "#7048e8");

  const manifest = await request.get("/manifest.webmanifest");
  expect(manifest.status()).toBe(200);
  const m = await manifest.json();
  expect(m).toMatchObject({ name: "Prize Contests", start_url: "/", display: "standalone" });
  for (const icon of m.icons as { src: string }[]) expect((await request.get(icon.src)).status(), icon.src).toBe(200);
  // PNG icons of the sizes installers ask for, each the size it says (the PNG header's width and height).
  for (const size of [192, 512]) {
    const icon = (m.icons as { src: string; sizes: string; type: string }[]).find((i) => i.sizes === `${size}x${size}`);
    expect(icon?.type, `a ${size} px icon`).toBe("image/png");
    const res = await request.get(icon?.src as string);
    expect(res.headers()["content-type"]).toBe("image/png");
    const bytes = await res.body();
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([size, size]);
  }
  // /favicon.ico (browsers and tools ask for it whatever the page links): an ICO, not the 404 page.
  const favicon = await request.get("/favicon.ico");
  expect(favicon.status()).toBe(200);
  expect(favicon.headers()["content-type"]).toBe("image/x-icon");
  expect([...(await favicon.body()).subarray(0, 4)]).toEqual([0, 0, 1, 0]);
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute("href", /\/apple-icon\.png/);

  const robots = await request.get("/robots.txt");
  expect(robots.status()).toBe(200);
  const text = await robots.text();
  expect(text).toContain("Disallow: /admin");
  expect(text).toContain("Disallow: /api/");
  expect(text).toMatch(/Sitemap: https?:\/\/[^\s]+\/sitemap\.xml/);

  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.status()).toBe(200);
  const xml = await sitemap.text();
  for (const path of ["/winners", "/dream-car", "/signup"]) expect(xml).toContain(`${path}</loc>`);
  expect(xml).not.toContain("/admin");
  // Every page the sitemap lists answers 200 to a visitor.
  for (const loc of xml.matchAll(/<loc>([^<]+)<\/loc>/g)) {
    const path = new URL(loc[1] as string).pathname;
    expect((await request.get(path)).status(), path).toBe(200);
  }
});
