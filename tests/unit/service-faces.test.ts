/**
 * Each service domain's face (src/server/services/<domain>/index.ts) opens with an "Owns" block: one
 * line per rule and the function that enforces it, with the file it lives in. The block is how a
 * newcomer finds a rule (docs/architecture.md "Where each rule lives"), so it must stay true: every
 * function it names is exported by the face, and lives in the file the line names.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SERVICE_DOMAIN_FLOORS } from "../../scripts/tools/layers";

const services = path.resolve(import.meta.dirname, "../../src/server/services");
const domains = readdirSync(services, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort();

type Owned = { rule: string; fn: string; file: string };

/** The "Owns" lines of a face: `- <rule>: \`fn\` (file.ts)`. */
function ownsBlock(face: string): Owned[] {
  const head = face.slice(0, face.indexOf("*/"));
  const start = head.indexOf("Owns");
  if (start < 0) return [];
  const out: Owned[] = [];
  for (const m of head.slice(start).matchAll(/^\s*\* - (.+): `(\w+)` \(([\w./-]+\.ts)\)$/gm)) {
    out.push({ rule: m[1] as string, fn: m[2] as string, file: m[3] as string });
  }
  return out;
}

describe("service faces name the rules they own", () => {
  it("reads a well-formed Owns line and ignores prose", () => {
    const probe = "/**\n * Prose `notThis` (x.ts)\n *\n * Owns:\n * - a rule: `enforceIt` (a/b.ts)\n * - bad line `x`\n */\n";
    expect(ownsBlock(probe)).toEqual([{ rule: "a rule", fn: "enforceIt", file: "a/b.ts" }]);
  });

  it("has one folder per domain with a floor", () => {
    expect(domains).toEqual(Object.keys(SERVICE_DOMAIN_FLOORS).sort());
  });

  for (const domain of domains) {
    it(`${domain}: every function its Owns block names is exported by the face and defined in the named file`, async () => {
      const facePath = path.join(services, domain, "index.ts");
      const owned = ownsBlock(readFileSync(facePath, "utf8"));
      expect(owned.length, `${domain}/index.ts has no Owns block`).toBeGreaterThan(0);
      const face = (await import(facePath)) as Record<string, unknown>;
      for (const { fn, file } of owned) {
        expect(typeof face[fn], `${domain}/index.ts does not export ${fn}`).toBe("function");
        const source = readFileSync(path.join(services, domain, file), "utf8");
        expect(source, `${fn} is not defined in ${domain}/${file}`).toMatch(
          new RegExp(`export (async )?function ${fn}\\b|export const ${fn}\\b`),
        );
      }
    });
  }
});
