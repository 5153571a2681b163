/**
 * After `next build`: the SHA-256 of every inline <script> in every page Next prerendered
 * (.next/server/app/**.html), per path, into .next/csp-hashes.json. Prerendered pages are served
 * as files and carry no per-request nonce; src/proxy.ts allows exactly their inline scripts by
 * hash (and the 404 page's on every other path, since any unknown path may render it).
 *   node scripts/csp-hashes.mjs   (package.json "build" runs it)
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const appDir = path.join(process.cwd(), ".next", "server", "app");
const out = path.join(process.cwd(), ".next", "csp-hashes.json");

function htmlFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) return htmlFiles(full);
    return d.name.endsWith(".html") ? [full] : [];
  });
}

/** "index.html" → "/", "dream-car.html" → "/dream-car", "_not-found.html" → "/_not-found". */
function routeOf(file) {
  const rel = path
    .relative(appDir, file)
    .replace(/\\/g, "/")
    .replace(/\.html$/, "");
  return rel === "index" ? "/" : `/${rel.replace(/\/index$/, "")}`;
}

const manifest = {};
for (const file of htmlFiles(appDir)) {
  const html = fs.readFileSync(file, "utf8");
  const hashes = new Set();
  // Inline scripts only: tags with a src attribute are same-origin chunks allowed by 'self'.
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (/\ssrc=/.test(m[1] ?? "") || !m[2]) continue;
    hashes.add(`'sha256-${createHash("sha256").update(m[2], "utf8").digest("base64")}'`);
  }
  manifest[routeOf(file)] = [...hashes];
}
fs.writeFileSync(out, `${JSON.stringify(manifest, null, 1)}\n`);
console.log(`csp-hashes: ${Object.keys(manifest).length} prerendered pages → ${path.relative(process.cwd(), out)}`);
