/**
 * Mantine's sheets for the components in use only (scripts/tools/mantine-styles.ts): the committed
 * generated/mantine.css must be exactly what the sources need, so a component used for the first time
 * without its styles fails here rather than on a screen. Probes in a temporary tree show the list
 * follows the sources and Mantine's own dependencies between components.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  coreImports,
  neededComponentSheets,
  orderedSheets,
  renderStylesheet,
  STYLESHEET,
} from "../../scripts/tools/mantine-styles";

const src = path.resolve(import.meta.dirname, "../../src");
const probe = mkdtempSync(path.join(tmpdir(), "mantine-styles-"));
afterAll(() => rmSync(probe, { recursive: true, force: true }));

describe("Mantine stylesheets", () => {
  it("generated/mantine.css is what the components in use need (else: npm run styles:mantine)", () => {
    expect(readFileSync(STYLESHEET, "utf8")).toBe(renderStylesheet(src));
  });

  it("the root layout imports that sheet and nothing imports all of @mantine/core's", () => {
    const layout = readFileSync(path.join(src, "app/layout.tsx"), "utf8");
    expect(layout).toContain('import "../../generated/mantine.css";');
    expect(layout).not.toContain("@mantine/core/styles.css");
  });

  it("a component used for the first time adds its sheet", () => {
    writeFileSync(path.join(probe, "Probe.tsx"), 'import { Slider, type MantineSize } from "@mantine/core";\n');
    expect(readFileSync(STYLESHEET, "utf8")).not.toContain("styles/Slider.css");
    expect(renderStylesheet(probe)).toContain('@import "@mantine/core/styles/Slider.css";');
  });

  it("follows Mantine's components into the ones they are built on", () => {
    expect([...neededComponentSheets(["Button"])]).toEqual(
      expect.arrayContaining(["Button.css", "UnstyledButton.css", "Loader.css"]),
    );
    expect([...neededComponentSheets(["Select"])]).toEqual(
      expect.arrayContaining(["Combobox.css", "Input.css", "Popover.css", "ScrollArea.css"]),
    );
  });

  it("keeps styles.css's order, its global sheets first", () => {
    const order = orderedSheets(["Button.css", "UnstyledButton.css", "Text.css"]);
    expect(order.slice(0, 3)).toEqual(["baseline.css", "default-css-variables.css", "global.css"]);
    expect(order.indexOf("UnstyledButton.css")).toBeLessThan(order.indexOf("Button.css"));
  });

  it("reads value imports, not type imports", () => {
    expect(coreImports('import { Button, type ButtonProps, Text as T } from "@mantine/core";')).toEqual(["Button", "Text"]);
    expect(coreImports('import type { MantineTheme } from "@mantine/core";')).toEqual([]);
  });

  it("names an export @mantine/core does not have", () => {
    expect(() => neededComponentSheets(["NoSuchComponent"])).toThrow('@mantine/core exports no "NoSuchComponent"');
  });
});
