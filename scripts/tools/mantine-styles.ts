/**
 * Mantine's stylesheets for the components the app uses, not all of them (docs/performance.md
 * "Stylesheets"). `@mantine/core/styles.css` holds every component's rules (295 KB), a render-blocking
 * download and parse on every page; the app draws with about half of them.
 *
 * Which ones: every name src/ imports from "@mantine/core" (and those the Mantine packages the app
 * uses import from it), followed through @mantine/core's own module graph to each component module
 * it reaches (Button reaches UnstyledButton and Loader, Select reaches Combobox, Popover and Input).
 * A reached `X.module.mjs` means `styles/X.css` is needed. In the order of styles.css, after its
 * three global files, so rules override each other exactly as in the full sheet.
 *
 * Usage: npx tsx scripts/tools/mantine-styles.ts [--write]  (npm run styles:mantine)
 *   without --write: exit 1 when generated/mantine.css is not what the sources need;
 *   with --write: writes it.
 * tests/unit/mantine-styles.test.ts runs the same check, so a component used without its styles
 * fails the unit tests instead of a screen.
 */
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const CORE = path.join(ROOT, "node_modules/@mantine/core");
/** Mantine packages besides core whose components the app renders (their own sheets are imported as a whole). */
const OTHER_PACKAGES = ["@mantine/notifications", "@mantine/charts"];
const GLOBAL_SHEETS = ["baseline.css", "default-css-variables.css", "global.css"];
export const STYLESHEET = path.join(ROOT, "generated/mantine.css");

/** The value names (not types) `source` imports from "@mantine/core". */
export function coreImports(source: string): string[] {
  const names: string[] = [];
  for (const m of source.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s*from\s*["']@mantine\/core["']/g)) {
    if (m[1]) continue;
    for (const part of (m[2] ?? "").split(",")) {
      const name = part.trim();
      if (name && !name.startsWith("type ")) names.push(name.split(/\s+as\s+/)[0]!.trim());
    }
  }
  return names;
}

function filesUnder(dir: string, pattern: RegExp): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    const p = path.join(dir, entry);
    if (statSync(p).isDirectory()) out.push(...filesUnder(p, pattern));
    else if (pattern.test(entry)) out.push(p);
  }
  return out;
}

/** Every name the app's sources, and the other Mantine packages it uses, import from @mantine/core. */
export function usedCoreNames(srcDir = path.join(ROOT, "src")): Set<string> {
  const names = new Set<string>();
  for (const f of filesUnder(srcDir, /\.(ts|tsx)$/)) for (const n of coreImports(readFileSync(f, "utf8"))) names.add(n);
  for (const pkg of OTHER_PACKAGES)
    for (const f of filesUnder(path.join(ROOT, "node_modules", pkg, "esm"), /\.mjs$/))
      for (const n of coreImports(readFileSync(f, "utf8"))) names.add(n);
  return names;
}

/** @mantine/core's exported name → the module that defines it. */
function exportedModules(): Map<string, string> {
  const esm = path.join(CORE, "esm");
  const index = readFileSync(path.join(esm, "index.mjs"), "utf8");
  const map = new Map<string, string>();
  for (const m of index.matchAll(/(?:import|export)\s*\{([^}]*)\}\s*from\s*"([^"]+)"/g))
    for (const part of (m[1] ?? "").split(",")) {
      const alias = part.trim().split(/\s+as\s+/);
      const name = (alias[1] ?? alias[0] ?? "").trim();
      const local = (alias[0] ?? "").trim();
      if (name) map.set(name, path.resolve(esm, m[2]!));
      if (local) map.set(local, path.resolve(esm, m[2]!));
    }
  return map;
}

/** The component sheets (`X.css`) that `names` need, following @mantine/core's imports. */
export function neededComponentSheets(names: Iterable<string>): Set<string> {
  const modules = exportedModules();
  const sheets = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file) || !existsSync(file)) return;
    seen.add(file);
    for (const m of readFileSync(file, "utf8").matchAll(/from\s*"(\.[^"]+)"/g)) {
      const target = path.resolve(path.dirname(file), m[1]!);
      const sheet = /([^/]+)\.module\.mjs$/.exec(target)?.[1];
      if (sheet) sheets.add(`${sheet}.css`);
      visit(target);
    }
  };
  for (const name of names) {
    const file = modules.get(name);
    if (!file) throw new Error(`@mantine/core exports no "${name}"`);
    visit(file);
  }
  return sheets;
}

/** The sheets in styles.css's order (where each one's first rule sits in it), the global ones first. */
export function orderedSheets(componentSheets: Iterable<string>): string[] {
  const full = readFileSync(path.join(CORE, "styles.css"), "utf8");
  const at = (sheet: string) => {
    const file = path.join(CORE, "styles", sheet);
    if (!existsSync(file)) throw new Error(`@mantine/core has no styles/${sheet}`);
    const i = full.indexOf(readFileSync(file, "utf8").trim().slice(0, 80));
    if (i < 0) throw new Error(`styles/${sheet} is not in styles.css`);
    return i;
  };
  const components = [...componentSheets].filter((s) => !GLOBAL_SHEETS.includes(s)).sort((a, b) => at(a) - at(b));
  return [...GLOBAL_SHEETS, ...components];
}

/** The stylesheet src/app/layout.tsx imports, as it must read for the sources in `srcDir`. */
export function renderStylesheet(srcDir?: string): string {
  const sheets = orderedSheets(neededComponentSheets(usedCoreNames(srcDir)));
  return [
    "/*",
    " * Generated by `npm run styles:mantine` (scripts/tools/mantine-styles.ts): the @mantine/core sheets of the",
    " * components the app uses, in the order of @mantine/core/styles.css. Do not edit; run the command after",
    " * using a Mantine component for the first time (tests/unit/mantine-styles.test.ts fails until then).",
    " */",
    ...sheets.map((s) => `@import "@mantine/core/styles/${s}";`),
    "",
  ].join("\n");
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const expected = renderStylesheet();
  if (process.argv.includes("--write")) {
    writeFileSync(STYLESHEET, expected);
    console.log(`wrote ${path.relative(ROOT, STYLESHEET)}: ${expected.split("@import").length - 1} sheets`);
  } else if (!existsSync(STYLESHEET) || readFileSync(STYLESHEET, "utf8") !== expected) {
    console.error(`${path.relative(ROOT, STYLESHEET)} does not match the Mantine components in use: run npm run styles:mantine`);
    process.exit(1);
  } else console.log("mantine.css matches the components in use");
}
