/**
 * The site's raster icons, drawn from src/app/icon.svg by Chromium (the one the e2e suite uses):
 * public/icons/icon-192.png and icon-512.png (the web manifest, src/app/manifest.ts),
 * public/icons/icon-maskable-512.png (the manifest's `maskable` icon: the mark inside the central safe
 * zone on a full-bleed background, so Android's round or squircle masks never cut it),
 * src/app/apple-icon.png (180 px, iOS home screens) and src/app/favicon.ico (16, 32 and 48 px PNGs in
 * one ICO: browsers and tools that ask for /favicon.ico). Run again after changing the SVG:
 *   npx tsx scripts/tools/make-icons.ts
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { chromium } from "@playwright/test";

const svg = readFileSync("src/app/icon.svg", "utf8");
const executablePath =
  process.env.CHROMIUM_PATH ?? ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((p) => existsSync(p));
const browser = await chromium.launch({ executablePath, args: ["--no-sandbox"] });

/** The mark at 60% in the middle of a square of the icon's colour: inside the maskable safe zone (a circle of 80%). */
const maskableSvg = svg.replace(
  /^(<svg[^>]*>)<rect [^>]*\/>(.*)<\/svg>\s*$/s,
  '$1<rect width="40" height="40" fill="#7048e8"/><g transform="translate(8 8) scale(0.6)">$2</g></svg>',
);

async function png(size: number, source = svg): Promise<Buffer> {
  const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
  const sized = source.replace(/width="\d+" height="\d+"/, `width="${size}" height="${size}"`);
  await page.setContent(`<html><body style="margin:0;background:transparent">${sized}</body></html>`);
  const shot = await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
  await page.close();
  return shot;
}

/** An ICO file whose images are PNGs (every browser since 2007 reads them). */
function ico(images: { size: number; data: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, data }) => {
    const e = Buffer.alloc(16);
    e.writeUInt8(size >= 256 ? 0 : size, 0);
    e.writeUInt8(size >= 256 ? 0 : size, 1);
    e.writeUInt16LE(1, 4); // colour planes
    e.writeUInt16LE(32, 6); // bits per pixel
    e.writeUInt32LE(data.length, 8);
    e.writeUInt32LE(offset, 12);
    offset += data.length;
    return e;
  });
  return Buffer.concat([header, ...entries, ...images.map((i) => i.data)]);
}

try {
  mkdirSync("public/icons", { recursive: true });
  writeFileSync("public/icons/icon-192.png", await png(192));
  writeFileSync("public/icons/icon-512.png", await png(512));
  if (maskableSvg === svg) throw new Error("src/app/icon.svg no longer starts with its background <rect>: update maskableSvg");
  writeFileSync("public/icons/icon-maskable-512.png", await png(512, maskableSvg));
  writeFileSync("src/app/apple-icon.png", await png(180));
  const small = await Promise.all([16, 32, 48].map(async (size) => ({ size, data: await png(size) })));
  writeFileSync("src/app/favicon.ico", ico(small));
  console.log(
    "icons: public/icons/icon-192.png, icon-512.png, icon-maskable-512.png, src/app/apple-icon.png, src/app/favicon.ico",
  );
} finally {
  await browser.close();
}
