/**
 * After `next build`: names the build in .next/build-info.json (src/server/ops/build-info.ts reads
 * it for /api/health and the metrics): package.json's version and the commit, BUILD_COMMIT when set
 * (an image built without `.git`), else the checkout's `git rev-parse HEAD`, else "unknown".
 *   tsx scripts/build/build-info.ts   (package.json "build" runs it)
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { BUILD_INFO_FILE, type BuildInfo, shortCommit } from "../../src/server/ops/build-info";

function gitHead(): string | undefined {
  try {
    return execFileSync("git", ["rev-parse", "HEAD"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
  } catch {
    return undefined;
  }
}

const root = process.cwd();
const { version } = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { version: string };
const info: BuildInfo = { version, commit: shortCommit(process.env.BUILD_COMMIT?.trim() || gitHead()) };
fs.mkdirSync(path.join(root, ".next"), { recursive: true });
fs.writeFileSync(path.join(root, ".next", BUILD_INFO_FILE), `${JSON.stringify(info)}\n`);
console.log(`build-info: version ${info.version}, commit ${info.commit}`);
