/**
 * Which inline scripts a kept page may run (src/server/edge/kept-page-scripts.ts): Next's flight
 * data only in Next's exact form, and React's streaming instructions as the React that Next ships
 * writes them (read from its compiled server bundle, as scripts/build/csp-hashes.ts does at build).
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import {
  isFlightDataPush,
  keptPageScriptHashes,
  reactInstructionScripts,
  scriptHash,
} from "../../src/server/edge/kept-page-scripts";

const reactServer = fs.readFileSync(
  createRequire(import.meta.url).resolve("next/dist/compiled/react-dom/cjs/react-dom-server.node.production.js"),
  "utf8",
);

describe("kept page scripts", () => {
  it("finds React's streaming runtime in the react-dom Next ships, with the completions it writes", () => {
    const scripts = reactInstructionScripts(reactServer);
    expect(scripts).toContain("requestAnimationFrame(function(){$RT=performance.now()});");
    expect(scripts).toContain('$RC("B:0","S:0")');
    const firstBoundary = scripts.find((s) => s.startsWith("$RB=[];") && s.endsWith('$RC("B:0","S:0")'));
    expect(firstBoundary).toBeDefined();
    expect(scripts).toContain('$RS("S:1","P:1")');
    expect(reactInstructionScripts("not react")).toEqual([]);
  });

  it("accepts flight data only as Next writes it", () => {
    expect(isFlightDataPush('self.__next_f.push([1,"1:\\"$Sreact.fragment\\"\\n"])')).toBe(true);
    expect(isFlightDataPush('self.__next_f.push([1,"\\u003cscript\\u003e"])')).toBe(true);
    for (const body of [
      'self.__next_f.push([1,"<script>"])', // Next escapes "<"
      'self.__next_f.push([1,"x"]);alert(1)',
      'self.__next_f.push([1,"x"],alert(1))',
      'self.__next_f.push([0,"x"])',
      "self.__next_f.push([1,'x'])",
      'self.__next_f.push([1, "x"])', // not JSON.stringify's spacing
      "(self.__next_f=self.__next_f||[]).push([0])",
    ]) {
      expect({ body, ok: isFlightDataPush(body) }).toEqual({ body, ok: false });
    }
  });

  it("keeps a page only when every inline script is Next's or React's", () => {
    const build = new Set(reactInstructionScripts(reactServer).map(scriptHash));
    const page = (extra: string) =>
      `<html><script src="/_next/static/chunks/a.js"></script><script>self.__next_f.push([1,"a"])</script>` +
      `<script>requestAnimationFrame(function(){$RT=performance.now()});</script>${extra}</html>`;
    expect(keptPageScriptHashes(page('<script>$RC("B:3","S:4")</script>'), build)).toHaveLength(3);
    for (const extra of [
      '<script>$RC("B:3","S:4");alert(1)</script>',
      '<script>$RX("B:0","digest")</script>',
      "<script>alert(1)</script>",
      '<script>$RC("B:100","S:0")</script>', // past the bound computed at build
    ]) {
      expect({ extra, hashes: keptPageScriptHashes(page(extra), build) }).toEqual({ extra, hashes: null });
    }
  });
});
