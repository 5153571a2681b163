/**
 * After `next build`: the SHA-256 of every inline <script> in every page Next prerendered
 * (.next/server/app/**.html), per path, into .next/csp-hashes.json. Prerendered pages are served
 * as files and carry no per-request nonce; src/proxy.ts allows exactly their inline scripts by
 * hash (and the 404 page's on every other path, since any unknown path may render it).
 *   tsx scripts/csp-hashes.ts   (package.json "build" runs it)
 */
import fs from "node:fs";
import path from "node:path";
import { inlineScriptHashes } from "../src/server/security/script-hashes";

const appDir = path.join(process.cwd(), ".next", "server", "app");
const out = path.join(process.cwd(), ".next", "csp-hashes.json");

function htmlFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => {
    const full = path.join(dir, d.name);
    if (d.isDirectory()) return htmlFiles(full);
    return d.name.endsWith(".html") ? [full] : [];
  });
}

/** "index.html" → "/", "dream-car.html" → "/dream-car", "_not-found.html" → "/_not-found". */
function routeOf(file: string): string {
  const rel = path
    .relative(appDir, file)
    .replace(/\\/g, "/")
    .replace(/\.html$/, "");
  return rel === "index" ? "/" : `/${rel.replace(/\/index$/, "")}`;
}

const manifest: Record<string, string[]> = {};
for (const file of htmlFiles(appDir)) manifest[routeOf(file)] = inlineScriptHashes(fs.readFileSync(file, "utf8"));
fs.writeFileSync(out, `${JSON.stringify(manifest, null, 1)}\n`);
console.log(`csp-hashes: ${Object.keys(manifest).length} prerendered pages → ${path.relative(process.cwd(), out)}`);
