/**
 * After `next build`: the SHA-256 of every inline <script> in every page Next prerendered
 * (.next/server/app/**.html), per path, into .next/csp-hashes.json. Prerendered pages are served
 * as files and carry no per-request nonce; src/proxy.ts allows exactly their inline scripts by
 * hash (and the 404 page's on every other path, since any unknown path may render it).
 *
 * Also the hashes of Next's and React's code scripts into .next/csp-next-scripts.json, the only
 * code scripts a page kept by the fast path may carry (src/server/edge/kept-page-scripts.ts): those
 * among the prerendered pages' scripts (not flight data), and React's streaming instruction
 * scripts as the react-dom that Next ships writes them.
 *   tsx scripts/build/csp-hashes.ts   (package.json "build" runs it)
 */
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";
import { nextCodeScriptHashes, reactInstructionScripts, scriptHash } from "../../src/server/edge/kept-page-scripts";
import { inlineScriptHashes } from "../../src/server/edge/script-hashes";

const appDir = path.join(process.cwd(), ".next", "server", "app");
const out = path.join(process.cwd(), ".next", "csp-hashes.json");
const codeOut = path.join(process.cwd(), ".next", "csp-next-scripts.json");

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
const pages: string[] = [];
for (const file of htmlFiles(appDir)) {
  const html = fs.readFileSync(file, "utf8");
  pages.push(html);
  manifest[routeOf(file)] = inlineScriptHashes(html);
}
fs.writeFileSync(out, `${JSON.stringify(manifest, null, 1)}\n`);
const reactServer = createRequire(import.meta.url).resolve(
  "next/dist/compiled/react-dom/cjs/react-dom-server.node.production.js",
);
const instructions = reactInstructionScripts(fs.readFileSync(reactServer, "utf8"));
if (instructions.length === 0)
  console.warn("csp-hashes: React's streaming instructions not found: kept pages with streamed parts stay with Next");
const code = [...new Set([...nextCodeScriptHashes(pages), ...instructions.map(scriptHash)])].sort();
fs.writeFileSync(codeOut, `${JSON.stringify({ code }, null, 1)}\n`);
console.log(`csp-hashes: ${Object.keys(manifest).length} prerendered pages → ${path.relative(process.cwd(), out)}`);
console.log(`csp-hashes: ${code.length} code scripts of Next and React → ${path.relative(process.cwd(), codeOut)}`);
