/**
 * Every file the docs and the code's comments cite (`src/…`, `scripts/…`, `docs/…`, `tests/…`,
 * `e2e/…`, `generated/…`) exists, so a move or a deletion cannot leave a reader at a dead end. Docs
 * are read whole; code only in its comments (string literals in tests name probe files that need not
 * exist). Generated code (`generated/`, `src/generated/`) is not read: it cites nothing by hand.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const CITED = /(?<![\w./@-])(?:src|scripts|docs|tests|e2e|generated)\/[\w\-./[\]{},@]*[\w\]}/]/g;
const EXTENSIONS = ["", ".ts", ".tsx", ".mjs", ".js", ".md", "/index.ts", ".test.ts"];

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "node_modules" && entry.name !== "generated") walk(rel, out);
    } else if (/\.(md|ts|tsx|mjs|mts|js|sh)$/.test(entry.name)) out.push(rel);
  }
  return out;
}

/** `a/{b,c}.ts` → `a/b.ts`, `a/c.ts` (one level of braces, as the docs write them). */
function expand(cited: string): string[] {
  const m = /\{([^{}]*)\}/.exec(cited);
  if (!m) return [cited];
  return m[1]!.split(",").flatMap((alt) => expand(cited.slice(0, m.index) + alt.trim() + cited.slice(m.index + m[0].length)));
}

function exists(cited: string): boolean {
  const clean = cited.replace(/[.,]+$/, "");
  return EXTENSIONS.some((ext) => {
    const full = path.join(root, clean + ext);
    return existsSync(full) && (ext === "" || statSync(full).isFile());
  });
}

/** The text a file cites from: a doc whole, code only in its comments. */
function citingText(file: string, text: string): string {
  if (file.endsWith(".md")) return text;
  return text
    .split("\n")
    .map((line) => {
      const slashes = line.indexOf("//");
      if (/^\s*(\/\*|\*|#)/.test(line)) return line;
      return slashes >= 0 && !/["'`][^"'`]*\/\//.test(line.slice(0, slashes + 2)) ? line.slice(slashes) : "";
    })
    .join("\n");
}

describe("cited paths", () => {
  const files = [
    "README.md",
    ...["docs", "src", "scripts", "tests", "e2e", "bench"].flatMap((d) => (existsSync(path.join(root, d)) ? walk(d) : [])),
  ];

  it("reads the docs and the code", () => {
    expect(files.length).toBeGreaterThan(300);
  });

  it("every cited file exists", () => {
    const missing: string[] = [];
    for (const file of files) {
      const text = citingText(file, readFileSync(path.join(root, file), "utf8"));
      for (const m of text.matchAll(CITED)) {
        // Patterns and placeholders (`routes/<area>.ts`, `*.spec.ts`, `[...path]` aside) are not files.
        if (/[<>*…]|\.\.\.(?!path\])/.test(m[0]) || /[<>*…]/.test(text.slice(m.index + m[0].length, m.index + m[0].length + 1)))
          continue;
        for (const cited of expand(m[0])) if (!exists(cited)) missing.push(`${file}: ${cited}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
