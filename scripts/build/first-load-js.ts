/**
 * First-load JavaScript of a page, as a visitor's browser fetches it: every <script src> in the
 * server-rendered HTML (noModule polyfills excluded), gzip -9. Turbopack's build prints no sizes.
 *   npm run build && npm start &  then  npx tsx scripts/build/first-load-js.ts [url ...]
 */
import { gzipSync } from "node:zlib";

const urls = process.argv.slice(2).length ? process.argv.slice(2) : ["http://localhost:3000/"];
for (const url of urls) {
  const html = await (await fetch(url)).text();
  const srcs = [...html.matchAll(/<script\b([^>]*)\bsrc="([^"]+)"([^>]*)>/g)]
    .filter((m) => !/nomodule/i.test(`${m[1]}${m[3]}`))
    .map((m) => new URL(m[2] as string, url).toString());
  let raw = 0;
  let gz = 0;
  for (const src of new Set(srcs)) {
    const body = Buffer.from(await (await fetch(src)).arrayBuffer());
    raw += body.length;
    gz += gzipSync(body, { level: 9 }).length;
  }
  console.log(`${url}: ${srcs.length} scripts, ${(raw / 1024).toFixed(1)} KB raw, ${(gz / 1024).toFixed(1)} KB gzip`);
}
