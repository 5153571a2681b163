/**
 * The build is named (src/server/ops/build-info.ts): scripts/build/build-info.ts writes the package
 * version and the commit into .next/build-info.json, BUILD_COMMIT first, else the checkout's HEAD.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, test } from "vitest";
import { readBuildInfo, shortCommit } from "../../src/server/ops/build-info";

const script = path.resolve("scripts/build/build-info.ts");
const tsx = path.resolve("node_modules/tsx/dist/cli.mjs");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "build-info-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const run = (cwd: string, env: Record<string, string>) =>
  execFileSync(process.execPath, [tsx, script], { cwd, env: { ...process.env, ...env }, encoding: "utf8" });

test("BUILD_COMMIT names the build where there is no .git; without either the commit is unknown", () => {
  fs.writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "x", version: "3.4.5" }));
  expect(readBuildInfo(dir)).toEqual({ version: "3.4.5", commit: "unknown" });
  run(dir, { BUILD_COMMIT: "0123456789ABCDEF0123456789abcdef01234567", GIT_CEILING_DIRECTORIES: path.dirname(dir) });
  expect(readBuildInfo(dir)).toEqual({ version: "3.4.5", commit: "0123456789ab" });
  run(dir, { BUILD_COMMIT: "", GIT_CEILING_DIRECTORIES: path.dirname(dir) });
  expect(readBuildInfo(dir)).toEqual({ version: "3.4.5", commit: "unknown" });
  expect(shortCommit("not a commit")).toBe("unknown");
});

test("in a checkout the build names its HEAD and package.json's version", () => {
  const head = execFileSync("git", ["rev-parse", "HEAD"], { encoding: "utf8" }).trim();
  const copy = path.join(dir, "checkout");
  fs.mkdirSync(copy, { recursive: true });
  execFileSync("git", ["init", "-q", copy]);
  execFileSync("git", ["-C", copy, "fetch", "-q", "--depth=1", path.resolve("."), head]);
  execFileSync("git", ["-C", copy, "checkout", "-q", "FETCH_HEAD"]);
  fs.writeFileSync(path.join(copy, "package.json"), fs.readFileSync("package.json"));
  run(copy, { BUILD_COMMIT: "" });
  const { version } = JSON.parse(fs.readFileSync("package.json", "utf8")) as { version: string };
  expect(readBuildInfo(copy)).toEqual({ version, commit: head.slice(0, 12) });
});
