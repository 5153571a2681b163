/**
 * `npm start` on a Node older than package.json's "engines" stops here, first thing in
 * src/server/edge/server.mjs, with one clear line instead of a failure deep inside a dependency.
 * Tests: tests/unit/node-version.test.ts.
 */
import fs from "node:fs";

/** The lowest version a ">=X.Y[.Z]" range allows, as [major, minor, patch]; null for any other range. */
export function lowestAllowed(range) {
  const m = /^\s*>=\s*v?(\d+)(?:\.(\d+))?(?:\.(\d+))?\s*$/.exec(range ?? "");
  return m ? [Number(m[1]), Number(m[2] ?? 0), Number(m[3] ?? 0)] : null;
}

/** Null when `version` (e.g. "22.12.0") satisfies the ">=" range, else the message that says what to do. */
export function nodeVersionProblem(version, range) {
  const lowest = lowestAllowed(range);
  if (!lowest) return null;
  const have = version
    .replace(/^v/, "")
    .split(".")
    .map((n) => Number.parseInt(n, 10) || 0);
  for (let i = 0; i < 3; i++) {
    if ((have[i] ?? 0) > lowest[i]) return null;
    if ((have[i] ?? 0) < lowest[i]) {
      return (
        `prize-contests needs Node.js ${range.trim()} (package.json "engines"); this is Node.js ${version.replace(/^v/, "")}. ` +
        "Install Node.js 22 (.nvmrc), or run `bash scripts/ensure-node.sh` and put the directory it prints first on PATH."
      );
    }
  }
  return null;
}

const { engines } = JSON.parse(fs.readFileSync(new URL("../../../package.json", import.meta.url), "utf8"));
const problem = nodeVersionProblem(process.versions.node, engines?.node);
if (problem) {
  console.error(problem);
  process.exit(1);
}
