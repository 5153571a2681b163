/**
 * Coloured text reads at WCAG AA (4.5:1) wherever the theme puts it: `c="orange"` (the palette's
 * `-text` colour) on white and on the palette's lightest shade, and a light-variant alert or badge
 * (`-light-color` on `-light`, shade 1). axe (e2e/a11y.spec.ts, e2e/public.spec.ts) checks only the
 * screens it visits in the states it sees; this checks the colours themselves, and every explicit
 * shade (`c="red.9"`) written in src/.
 */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { DEFAULT_THEME, getCSSColorVariables, luminance, mergeMantineTheme } from "@mantine/core";
import { expect, test } from "vitest";
import { cssVariablesResolver, theme } from "../../src/theme";

const merged = mergeMantineTheme(DEFAULT_THEME, theme);
const overrides = cssVariablesResolver(merged).light as Record<string, string>;
const PALETTES = ["red", "green", "orange", "yellow", "teal", "cyan", "blue", "violet", "grape", "gray"] as const;

const contrast = (a: string, b: string) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
};
const shade = (name: string, n: number) => merged.colors[name]?.[n] as string;

/** A palette's variable in the light scheme, as the page gets it: the theme's override over Mantine's own, `var(...)` followed. */
function resolve(variable: string, name: string): string {
  const vars: Record<string, string> = {
    ...(getCSSColorVariables({ theme: merged, color: name, colorScheme: "light" }) as Record<string, string>),
    ...overrides,
  };
  let value = vars[variable] as string;
  for (let ref = value.match(/^var\((--[\w-]+)\)$/); ref; ref = value.match(/^var\((--[\w-]+)\)$/))
    value = vars[ref[1] as string] as string;
  return value;
}

test.each(PALETTES)(
  "%s text reads at 4.5:1 on white and on its lightest shade; its light-variant text on its light background",
  (name) => {
    const text = resolve(`--mantine-color-${name}-text`, name);
    expect(contrast(text, "#ffffff"), `${name} text ${text} on white`).toBeGreaterThanOrEqual(4.5);
    expect(contrast(text, shade(name, 0)), `${name} text ${text} on ${name} 0`).toBeGreaterThanOrEqual(4.5);
    const light = resolve(`--mantine-color-${name}-light-color`, name);
    expect(contrast(light, shade(name, 1)), `${name} light-variant text ${light} on ${name} 1`).toBeGreaterThanOrEqual(4.5);
  },
);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(path.join(dir, e.name)) : /\.tsx$/.test(e.name) ? [path.join(dir, e.name)] : [],
  );
}

test('every explicit text shade in src/ (c="orange.9") reads at 4.5:1 on white', () => {
  const src = path.resolve(import.meta.dirname, "../../src");
  const weak: string[] = [];
  let seen = 0;
  for (const file of sources(src)) {
    for (const m of readFileSync(file, "utf8").matchAll(/\bc="([a-z]+)\.(\d)"/g)) {
      const [, name, n] = m as unknown as [string, string, string];
      if (name === "dark") continue; // dark text on a light fill (yellow buttons), darker than any check
      seen++;
      const color = shade(name, Number(n));
      if (contrast(color, "#ffffff") < 4.5) weak.push(`${path.relative(src, file)}: c="${name}.${n}" (${color})`);
    }
  }
  expect(seen).toBeGreaterThan(0);
  expect(weak).toEqual([]);
});

test("the check catches what it names: Mantine's own orange text and orange 9 fall short", () => {
  expect(contrast(shade("orange", 7), "#ffffff")).toBeLessThan(4.5);
  expect(contrast(shade("orange", 9), "#ffffff")).toBeLessThan(4.5);
  expect(contrast(shade("orange", 9), shade("orange", 1))).toBeLessThan(4.5);
});
