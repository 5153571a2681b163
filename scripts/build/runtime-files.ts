/**
 * The files the production image runs from, and nothing else (docs/deploy.md "Container image"):
 *   tsx scripts/build/runtime-files.ts <out-dir>     (after `npm run build`; the Dockerfile runs it)
 * copies them into <out-dir>, laid out as /app, and prints their size.
 *
 * - node_modules: only the files something at run time loads. Next's own traces of its server and of
 *   every route (.next/**\/*.nft.json, the list `output: "standalone"` copies), and a trace of what
 *   runs outside Next: npm start's server (src/server/edge/server.mjs), its start-up check, the
 *   one-shot commands (migrate, backup and restore, the first admin, the ledger check) and the tsx
 *   loader they run under. Those are bundled with esbuild (packages left external) only to be traced
 *   with the same tracer Next uses (@vercel/nft, compiled into next). Build-time packages (the SWC
 *   compiler, the Prisma CLI, TypeScript, the UI libraries already bundled into .next) are not
 *   loaded by anything at run time, so they are not copied.
 * - .next without its build cache, source maps (nothing reads them at run time) and type stubs.
 * - src (the TypeScript the commands run under tsx, with the generated Prisma client), scripts/db,
 *   prisma (the migrations), public, and the root files tsx and Next read.
 *
 * e2e/image-layout.spec.ts assembles this layout from the suite's build, measures it and serves the
 * app from it as a non-root user.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { build } from "esbuild";

const root = process.cwd();

/** Entry points run at run time outside Next's router, each traced with what it imports. */
export const RUNTIME_ENTRIES = [
  "src/server/edge/server.mjs",
  "scripts/db/start-check.ts",
  "scripts/db/manage.ts",
  "scripts/db/backup.ts",
  "scripts/db/create-admin.ts",
  "scripts/db/check-ledger.ts",
];
/** Package files loaded by path rather than by import: the tsx loader (`node --import tsx`, `tsImport`) and Next's programmatic server. */
const PACKAGE_ENTRIES = [
  "node_modules/tsx/dist/loader.mjs",
  "node_modules/tsx/dist/cli.mjs",
  "node_modules/tsx/dist/esm/api/index.mjs",
  "node_modules/@next/env/dist/index.js",
];
/**
 * next itself is copied whole but for what only the build, the dev server or another bundler uses:
 * Next's traces are made for its standalone server, while src/server/edge/server.mjs starts Next
 * through its programmatic API (`next()`), which loads more of next (its configuration, telemetry).
 * Tracing that from scratch cost 37 s of CPU and pulled in the dev server; copying next but this
 * list costs nothing and stays correct across Next's releases. The runtime bundles Next's traces
 * name (under compiled/next-server) are added from the traces.
 */
const NEXT_LEFT_OUT =
  /^node_modules\/next\/dist\/(esm|docs)\/|^node_modules\/next\/dist\/compiled\/(next-server|next-devtools|@vercel\/(nft|og)|[^/]+-experimental)\//;
/** Whole folders copied as they are (small, and read by path). */
const TREES = ["src", "scripts/db", "prisma", "public"];
const ROOT_FILES = [
  "package.json",
  "next.config.js",
  "tsconfig.json",
  "prisma.config.ts",
  // `npm run db:backup` and the other npm scripts run tsx by this link.
  "node_modules/.bin/tsx",
];
/** Never copied: build output nothing reads at run time. */
const LEFT_OUT = [
  /^\.next\/cache\//,
  /^\.next\/(types|diagnostics|trace|trace-build|turbopack|standalone)(\/|$)/,
  /\.map$/,
  /\.nft\.json$/,
];

/** Packages whose files are read by path, not imported (a tracer cannot see them): copied whole. */
const READ_BY_PATH = [
  // src/server/platform/migrate.ts reads schema_engine_bg.wasm beside the module it resolves.
  "@prisma/schema-engine-wasm",
];

/** next and what its package.json needs at run time (postcss is for the build). */
function nextPackage(files: Set<string>): void {
  const tree = new Set<string>();
  addTree(tree, "node_modules/next");
  for (const f of tree) if (!NEXT_LEFT_OUT.test(f)) files.add(f);
  const { dependencies = {} } = JSON.parse(fs.readFileSync(path.join(root, "node_modules/next/package.json"), "utf8")) as {
    dependencies?: Record<string, string>;
  };
  for (const dep of Object.keys(dependencies)) if (dep !== "postcss") addTree(files, `node_modules/${dep}`);
}

/** Files a package needs beside what its code imports: those read by path, and esbuild's native binary (tsx runs it). */
function readByPath(files: Set<string>): void {
  for (const pkg of READ_BY_PATH) addTree(files, `node_modules/${pkg}`);
  if ([...files].some((f) => f.startsWith("node_modules/esbuild/"))) {
    const dir = path.join(root, "node_modules", "@esbuild");
    for (const name of fs.existsSync(dir) ? fs.readdirSync(dir) : []) addTree(files, `node_modules/@esbuild/${name}`);
  }
}

function addTree(files: Set<string>, rel: string): void {
  const full = path.join(root, rel);
  if (!fs.existsSync(full)) return;
  const stat = fs.lstatSync(full);
  if (stat.isDirectory() && !stat.isSymbolicLink()) {
    for (const entry of fs.readdirSync(full)) addTree(files, path.join(rel, entry));
  } else files.add(rel);
}

/** Every file of Next's traces (.next/**\/*.nft.json), as paths from the project root. */
function nextTraces(files: Set<string>): void {
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory() && entry.name !== "cache") walk(full);
      else if (entry.name.endsWith(".nft.json")) {
        const { files: listed } = JSON.parse(fs.readFileSync(full, "utf8")) as { files: string[] };
        for (const f of listed) {
          const rel = path.relative(root, path.resolve(dir, f));
          // Next's traces also list files its code reads by path under the project (bench/, tests/): the
          // app's own folders are copied whole below, anything else is not the app's.
          if (rel.startsWith("node_modules/") || rel.startsWith(".next/")) files.add(rel);
        }
      }
    }
  };
  walk(path.join(root, ".next"));
}

/** The run-time entries bundled (packages external), then traced with Next's tracer. */
async function traceEntries(files: Set<string>): Promise<void> {
  const outdir = path.join(root, ".data", "runtime-trace");
  fs.rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: RUNTIME_ENTRIES.map((e) => path.join(root, e)),
    bundle: true,
    packages: "external",
    platform: "node",
    format: "esm",
    target: "node22",
    outdir,
    outbase: root,
    logLevel: "error",
  });
  const bundles: string[] = [];
  const collect = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) collect(full);
      else bundles.push(full);
    }
  };
  collect(outdir);
  const { nodeFileTrace } = createRequire(import.meta.url)("next/dist/compiled/@vercel/nft") as {
    nodeFileTrace: (
      files: string[],
      opts: { base: string; processCwd: string; ignore: (file: string) => boolean },
    ) => Promise<{ fileList: Set<string> }>;
  };
  // What Next's traces hold is there already, with everything it loads: not analysed again (tracing
  // next's programmatic server from scratch cost 37 s of CPU, against 4 s this way).
  const known = new Set(files);
  const { fileList } = await nodeFileTrace([...bundles, ...PACKAGE_ENTRIES.map((e) => path.join(root, e))], {
    base: root,
    processCwd: root,
    ignore: (file) => (known.has(file) && !file.startsWith("node_modules/next/")) || file.startsWith("node_modules/next/"),
  });
  for (const f of fileList) if (f.startsWith("node_modules/")) files.add(f);
  fs.rmSync(outdir, { recursive: true, force: true });
}

/** The relative paths of every file (or symlink) of the runtime layout. */
export async function runtimeFiles(): Promise<string[]> {
  const files = new Set<string>();
  const t0 = performance.now();
  nextTraces(files);
  const t1 = performance.now();
  await traceEntries(files);
  if (process.env.RUNTIME_FILES_TIMING)
    console.log(`next traces ${Math.round(t1 - t0)} ms, own trace ${Math.round(performance.now() - t1)} ms`);
  readByPath(files);
  nextPackage(files);
  addTree(files, ".next");
  for (const tree of TREES) addTree(files, tree);
  for (const file of ROOT_FILES) if (fs.lstatSync(path.join(root, file), { throwIfNoEntry: false })) files.add(file);
  // The package.json beside each copied package file: Node reads it to resolve the package.
  for (const f of [...files]) {
    const m = /^(node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(f);
    if (m && fs.existsSync(path.join(root, m[1] as string, "package.json"))) files.add(`${m[1]}/package.json`);
  }
  return [...files].filter((f) => !LEFT_OUT.some((re) => re.test(f))).sort();
}

/** Copies the layout into `out` (symlinks kept as they are); returns its file count and bytes. */
export async function assembleRuntime(out: string): Promise<{ files: number; bytes: number; byTop: Record<string, number> }> {
  fs.rmSync(out, { recursive: true, force: true });
  let bytes = 0;
  const byTop: Record<string, number> = {};
  const list = await runtimeFiles();
  for (const rel of list) {
    const from = path.join(root, rel);
    const to = path.join(out, rel);
    fs.mkdirSync(path.dirname(to), { recursive: true });
    const stat = fs.lstatSync(from);
    if (stat.isSymbolicLink()) fs.symlinkSync(fs.readlinkSync(from), to);
    else {
      fs.copyFileSync(from, to);
      fs.chmodSync(to, stat.mode);
      bytes += stat.size;
      const top = rel.startsWith("node_modules/") ? "node_modules" : (rel.split("/")[0] as string);
      byTop[top] = (byTop[top] ?? 0) + stat.size;
    }
  }
  return { files: list.length, bytes, byTop };
}

if (import.meta.url === `file://${process.argv[1] ? path.resolve(process.argv[1]) : ""}`) {
  const out = process.argv[2];
  if (!out) {
    console.error("usage: tsx scripts/build/runtime-files.ts <out-dir>");
    process.exit(1);
  }
  const { files, bytes, byTop } = await assembleRuntime(path.resolve(out));
  const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`;
  console.log(`runtime-files: ${files} files, ${mb(bytes)} in ${out}`);
  for (const [top, n] of Object.entries(byTop).sort((a, b) => b[1] - a[1])) console.log(`  ${mb(n).padStart(9)}  ${top}`);
}
