/** The files browsers and crawlers ask for: web manifest, icon, robots.txt, sitemap (src/app/manifest.ts, robots.ts, sitemap.ts). */
import { expect, test } from "@playwright/test";

test("every page links the web manifest and icon; manifest, robots.txt and sitemap answer", async ({ page, request }) => {
  await page.goto("/");
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
  await expect(page.locator('link[rel="icon"]').first()).toHaveAttribute("href", /\/icon\.svg/);
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute("content", "#7048e8");

  const manifest = await request.get("/manifest.webmanifest");
  expect(manifest.status()).toBe(200);
  const m = await manifest.json();
  expect(m).toMatchObject({ name: "Prize Contests", start_url: "/", display: "standalone" });
  for (const icon of m.icons as { src: string }[]) expect((await request.get(icon.src)).status(), icon.src).toBe(200);

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
