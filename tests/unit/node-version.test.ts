/**
 * `npm start` (src/server/edge/server.mjs) refuses a Node older than package.json's "engines" with one clear
 * line, before it loads anything else (src/server/edge/node-version.mjs).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { expect, test } from "vitest";
import { nodeVersionProblem } from "../../src/server/edge/node-version.mjs";

const { engines } = JSON.parse(fs.readFileSync("package.json", "utf8")) as { engines: { node: string } };

test("versions below the engines range are refused with what to do; this one and newer pass", () => {
  expect(engines.node).toBe(">=22.12");
  expect(nodeVersionProblem("20.19.0", engines.node)).toMatch(
    /^prize-contests needs Node\.js >=22\.12 \(package\.json "engines"\); this is Node\.js 20\.19\.0\. Install Node\.js 22/,
  );
  expect(nodeVersionProblem("22.11.9", engines.node)).not.toBeNull();
  expect(nodeVersionProblem("22.12.0", engines.node)).toBeNull();
  expect(nodeVersionProblem("24.0.0", engines.node)).toBeNull();
  expect(nodeVersionProblem(process.versions.node, engines.node)).toBeNull();
});

/** Runs src/server/edge/server.mjs under `node` with the version it reports set to `fake` (when given). */
function start(node: string, fake?: string) {
  const preload = fake
    ? ["--import", `data:text/javascript,Object.defineProperty(process.versions,"node",{value:"${fake}"})`]
    : [];
  return spawnSync(node, [...preload, "src/server/edge/server.mjs"], {
    encoding: "utf8",
    timeout: 30_000,
    env: { ...process.env, PORT: "1", DATABASE_URL: "postgresql://nobody@127.0.0.1:1/none" },
  });
}

test("src/server/edge/server.mjs stops on an older Node with exit 1 and the message, before loading the app", () => {
  const run = start(process.execPath, "20.18.1");
  expect(run.status).toBe(1);
  expect(run.stderr.trim()).toBe(nodeVersionProblem("20.18.1", engines.node));
  // A real older Node where the machine has one (Debian's /usr/bin/node is 20 here).
  const system = spawnSync("/usr/bin/node", ["--version"], { encoding: "utf8" });
  const version = system.stdout?.trim().replace(/^v/, "");
  if (version && nodeVersionProblem(version, engines.node)) {
    const real = start("/usr/bin/node");
    expect(real.status).toBe(1);
    expect(real.stderr.trim()).toBe(nodeVersionProblem(version, engines.node));
  }
});
