/**
 * After `next build`: the service worker (src/sw/sw.ts) bundled with esbuild into .next/sw.js, which
 * src/app/sw.js/route.ts serves as `/sw.js` (docs/push.md "Installable app"). Its precache list is
 * written in here: the offline page (prerendered at .next/server/app/offline.html), every script and
 * style that page loads, and the manifest's icons, each with a revision (the build id, or a hash of
 * the file), so a new build replaces what an old one cached.
 *
 * Why not @serwist/next: its webpack plugin does not run under Next 16's default bundler (Turbopack),
 * which `npm run build` uses, and @serwist/turbopack serves the worker through a route that compiles
 * it with SWC at run time (a native package in the image for one file). Bundling once here keeps
 * Serwist's runtime (the `serwist` package) and adds no build or run-time machinery.
 *   tsx scripts/build/service-worker.ts   (package.json "build" runs it)
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const root = process.cwd();
const nextDir = path.join(root, ".next");
const buildId = fs.readFileSync(path.join(nextDir, "BUILD_ID"), "utf8").trim();
const offlineHtml = fs.readFileSync(path.join(nextDir, "server", "app", "offline.html"), "utf8");

const fileRevision = (file: string) => createHash("sha256").update(fs.readFileSync(file)).digest("hex").slice(0, 16);

// The offline page's own scripts and styles (hashed names: their URL is their revision).
const assets = [...new Set(offlineHtml.match(/\/_next\/static\/[A-Za-z0-9_./~-]+\.(?:js|css)/g) ?? [])];
const icons = ["/icons/icon-192.png", "/icons/icon-512.png", "/icons/icon-maskable-512.png"];
const entries = [
  { url: "/offline", revision: buildId },
  ...assets.map((url) => ({ url, revision: null })),
  ...icons.map((url) => ({ url, revision: fileRevision(path.join(root, "public", url)) })),
];

await build({
  entryPoints: [path.join(root, "src", "sw", "sw.ts")],
  outfile: path.join(nextDir, "sw.js"),
  bundle: true,
  minify: true,
  format: "iife",
  target: "es2022",
  platform: "browser",
  define: { __PRECACHE_ENTRIES__: JSON.stringify(entries), "process.env.NODE_ENV": '"production"' },
  legalComments: "none",
  logLevel: "warning",
});
const size = fs.statSync(path.join(nextDir, "sw.js")).size;
console.log(
  `service-worker: .next/sw.js ${Math.round(size / 1024)} KB, ${entries.length} precached (${assets.length} offline-page files)`,
);
