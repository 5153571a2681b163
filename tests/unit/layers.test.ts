/**
 * The layer guard of docs/architecture.md ("Guards"): Biome's noRestrictedImports refuses a client
 * module that imports server code, types included. Runs the real biome binary with the repo's
 * biome.json on probe files in a temporary copy, so nothing is written into the tree.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "../..");
const biome = path.join(root, "node_modules/.bin/biome");
const config = JSON.parse(readFileSync(path.join(root, "biome.json"), "utf8"));
const guarded: string[] = config.overrides[0].includes;

const dir = mkdtempSync(path.join(tmpdir(), "layers-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
writeFileSync(path.join(dir, "biome.json"), JSON.stringify({ ...config, $schema: undefined }));

function lint(file: string, source: string): { ok: boolean; output: string } {
  const full = path.join(dir, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, source);
  try {
    const output = execFileSync(biome, ["lint", file], {
      cwd: dir,
      encoding: "utf8",
      stdio: "pipe",
      env: { ...process.env, NODE_OPTIONS: "" },
    });
    return { ok: true, output };
  } catch (e) {
    const err = e as { stdout?: string; stderr?: string };
    return { ok: false, output: `${err.stdout ?? ""}${err.stderr ?? ""}` };
  } finally {
    rmSync(full);
  }
}

const typeImport = 'import type { PublicContest } from "../../src/server/services/contests";\nexport type C = PublicContest;\n';
const valueImport = 'import { getDb } from "../../server/db";\nexport const db = getDb;\n';
const allowed = 'import type { PublicContest } from "@/trpc/types";\nexport type C = PublicContest;\n';

describe("layer guard (biome noRestrictedImports)", () => {
  it.each([
    ["a component, type import", "src/components/contests/Probe.tsx", typeImport],
    ["a component, relative value import", "src/components/contests/Probe.tsx", valueImport],
    ["shared code", "src/shared/probe.ts", typeImport],
    ["the client providers", "src/app/providers.tsx", typeImport],
  ])("fails lint for %s of @/server", (_name, file, source) => {
    const { ok, output } = lint(file, source);
    expect(ok).toBe(false);
    expect(output).toContain("noRestrictedImports");
  });

  it("passes a component that takes its types from @/trpc/types, and server code importing @/server", () => {
    expect(lint("src/components/contests/Probe.tsx", allowed).ok).toBe(true);
    expect(lint("src/server/services/probe.ts", typeImport).ok).toBe(true);
  });

  it("covers every 'use client' file under src/app", () => {
    const walk = (d: string): string[] =>
      readdirSync(d).flatMap((n) => (statSync(path.join(d, n)).isDirectory() ? walk(path.join(d, n)) : [path.join(d, n)]));
    const clientFiles = walk(path.join(root, "src/app"))
      .filter((f) => /\.tsx?$/.test(f) && /^["']use client["']/m.test(readFileSync(f, "utf8")))
      .map((f) => path.relative(root, f));
    expect(clientFiles.length).toBeGreaterThan(0);
    for (const f of clientFiles) expect(guarded, `${f} is a client module: add it to biome.json overrides`).toContain(f);
  });
});
