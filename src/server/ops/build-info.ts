/**
 * The build this process serves: the package version and the git commit it was built from, named by
 * `/api/health` and the `prize_build_info` metric (docs/deploy.md "Health, readiness, metrics").
 *
 * `npm run build` writes them to `.next/build-info.json` (scripts/build/build-info.ts): the commit is
 * BUILD_COMMIT when set (an image built without `.git`: the Dockerfile's build argument), else
 * `git rev-parse HEAD` of the checkout, else "unknown". Read once per process; without the file
 * (`next dev`, tests) the version comes from package.json and the commit is "unknown".
 */
import fs from "node:fs";
import path from "node:path";

export type BuildInfo = { version: string; commit: string };

export const BUILD_INFO_FILE = "build-info.json";

/** A commit as the build names it: 12 hex digits of a full hash, or "unknown". */
export function shortCommit(value: string | undefined): string {
  const hex = value?.trim().toLowerCase() ?? "";
  return /^[0-9a-f]{7,40}$/.test(hex) ? hex.slice(0, 12) : "unknown";
}

function packageVersion(root: string): string {
  try {
    const { version } = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { version?: unknown };
    return typeof version === "string" ? version : "unknown";
  } catch {
    return "unknown";
  }
}

/** Reads the build's file under `root` (default: the working directory). */
export function readBuildInfo(root = process.cwd()): BuildInfo {
  try {
    const raw = JSON.parse(fs.readFileSync(path.join(root, ".next", BUILD_INFO_FILE), "utf8")) as Partial<BuildInfo>;
    if (typeof raw.version === "string" && typeof raw.commit === "string") return { version: raw.version, commit: raw.commit };
  } catch {
    // no build (next dev, tests): below
  }
  return { version: packageVersion(root), commit: "unknown" };
}

let cached: BuildInfo | undefined;

/** This process's build (read once). */
export function buildInfo(): BuildInfo {
  cached ??= readBuildInfo();
  return cached;
}
