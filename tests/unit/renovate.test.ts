/**
 * renovate.json groups the packages that must move together (docs/dependencies.md "Versions held
 * back": tRPC's packages require one exact version of each other, @mantine/charts one of
 * @mantine/core, Prisma's CLI, client and adapters one release). Every such package of package.json
 * falls in its group, so no update proposes one without the others.
 */
import { readFileSync } from "node:fs";
import { expect, test } from "vitest";

type Rule = { groupName?: string; matchPackageNames?: string[] };
const config = JSON.parse(readFileSync("renovate.json", "utf8")) as { rangeStrategy?: string; packageRules: Rule[] };
const pkg = JSON.parse(readFileSync("package.json", "utf8")) as Record<string, Record<string, string> | undefined>;
const names = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies });

/** Renovate's package-name patterns as used here: exact names and `@scope/**` globs (every package of the scope). */
function matches(pattern: string, name: string): boolean {
  if (pattern.endsWith("/**")) return name.startsWith(pattern.slice(0, -"**".length));
  return pattern === name;
}
const groupOf = (name: string) => config.packageRules.find((r) => r.matchPackageNames?.some((p) => matches(p, name)))?.groupName;

test("Next/React, tRPC, Prisma and Mantine packages each update in one group; versions stay pinned", () => {
  expect(config.rangeStrategy).toBe("pin");
  const families: [RegExp, string][] = [
    [/^(next|react|react-dom|@types\/react|@types\/react-dom)$/, "Next.js and React"],
    [/^(@trpc\/|@tanstack\/react-query$)/, "tRPC and TanStack Query"],
    [/^(prisma$|@prisma\/|pglite-prisma-adapter$)/, "Prisma"],
    [/^@mantine\//, "Mantine"],
  ];
  for (const [family, group] of families) {
    const members = names.filter((n) => family.test(n));
    expect(members.length, group).toBeGreaterThan(0);
    for (const name of members) expect(groupOf(name), name).toBe(group);
  }
  expect(groupOf("zod")).toBeUndefined();
});
