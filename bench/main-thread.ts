/**
 * Where a page's main thread goes while it loads: its long tasks (over 50 ms with the CPU slowed
 * `BENCH_CPU_SLOWDOWN` times, default 4, Lighthouse's mobile figure) with what each ran, their sum
 * over 50 ms (the total blocking time of this one load), and the JavaScript self time per source
 * module (node_modules packages grouped), read through the build's browser source maps.
 *   BUILD_SOURCE_MAPS=1 npm run build && npm run bench:main-thread
 *   (BENCH_PAGES=/,/login,/signup,/draws/live,/winners,contest,home,offline,shell picks pages (shell: /offline signed in;
 *   any other path is loaded as a visitor); BENCH_PORT, default 3206; CHROME_PATH;
 *   BENCH_PACKAGE_DETAIL=@mantine/core lists that package's time by source file and function)
 * Without source maps the modules are printed as chunk files.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { type Browser, chromium } from "@playwright/test";
import { SourceMapConsumer } from "source-map-js";
import { startBrowserBenchApp } from "./browser-app";
import { fmt } from "./lib";

const PORT = Number(process.env.BENCH_PORT ?? 3206);
const SLOWDOWN = Number(process.env.BENCH_CPU_SLOWDOWN ?? 4);
// How long to keep recording after the network is idle (live streams' ticks and late renders).
const SETTLE_MS = Number(process.env.BENCH_SETTLE_MS ?? 1000);
// A task counts as long above this (50 ms, the browser's figure). Lighthouse's default (simulated)
// throttling multiplies an unthrottled trace's tasks, so at BENCH_CPU_SLOWDOWN=1 a threshold of
// 50 / its multiplier lists the tasks it will count.
const LONG_TASK_MS = Number(process.env.BENCH_LONG_TASK_MS ?? 50);
const CHUNKS = path.join(process.cwd(), ".next/static/chunks");

type TraceEvent = { name: string; ph: string; ts: number; dur: number; tid: number; args?: { data?: { url?: string } } };
type ProfileNode = { id: number; callFrame: { url: string; functionName: string; lineNumber: number; columnNumber: number } };

const maps = new Map<string, SourceMapConsumer | null>();
function mapOf(file: string): SourceMapConsumer | null {
  if (!maps.has(file)) {
    // The map's name is not the chunk's: the chunk's last line says it.
    const js = path.join(CHUNKS, file);
    const name = existsSync(js) ? readFileSync(js, "utf8").match(/sourceMappingURL=(\S+)\s*$/)?.[1] : undefined;
    const p = name ? path.join(CHUNKS, name) : "";
    maps.set(file, p && existsSync(p) ? new SourceMapConsumer(JSON.parse(readFileSync(p, "utf8"))) : null);
  }
  return maps.get(file) ?? null;
}

/** A source module's name: a package for node_modules, the file under src/ otherwise. */
function moduleOf(frame: ProfileNode["callFrame"]): string {
  if (!frame.url) return `(${frame.functionName || "native"})`;
  const file = frame.url.replace(/^.*\/chunks\//, "");
  const original = mapOf(file)?.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
  const source = original?.source;
  if (!source) return file.startsWith("http") ? "(document)" : file;
  const pkg = source.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  // BENCH_PACKAGE_DETAIL names one package to break down by its source file and function.
  if (pkg && pkg[1] === process.env.BENCH_PACKAGE_DETAIL) return `${source.split("node_modules/")[1]}:${original?.name ?? ""}`;
  if (pkg)
    return pkg[1] === "next"
      ? `next/${source.split("node_modules/next/")[1]?.split("/").slice(0, 3).join("/")}`
      : (pkg[1] as string);
  return source.replace(/^.*?\/(src\/)/, "$1").replace(/^turbopack:\/\/\/\[project\]\//, "");
}

async function measure(browser: Browser, url: string, cookie?: string) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  try {
    if (cookie) await context.addCookies([{ name: "session", value: cookie, domain: "localhost", path: "/" }]);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: SLOWDOWN });
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 250 });
    await cdp.send("Profiler.start");
    await browser.startTracing(page, { categories: ["devtools.timeline", "disabled-by-default-devtools.timeline"] });
    await page.goto(url, { waitUntil: "networkidle" });
    await page.waitForTimeout(SETTLE_MS);
    const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
    const { profile } = await cdp.send("Profiler.stop");
    const events = trace.traceEvents.filter((e) => e.ph === "X");
    // The renderer's main thread is the one that parsed the document.
    const parses = new Map<number, number>();
    for (const e of events) if (e.name === "ParseHTML") parses.set(e.tid, (parses.get(e.tid) ?? 0) + 1);
    const main = [...parses].sort((a, b) => b[1] - a[1])[0]?.[0];
    const tasks = events.filter((e) => e.tid === main && e.name === "RunTask" && e.dur > LONG_TASK_MS * 1000);
    const start = events.find((e) => e.tid === main && e.name === "ParseHTML")?.ts ?? 0;
    const long = tasks.map((t) => {
      const inside = events.filter(
        (e) =>
          e.tid === main &&
          e !== t &&
          e.ts >= t.ts &&
          e.ts + e.dur <= t.ts + t.dur &&
          e.dur > Math.min(5_000, LONG_TASK_MS * 100) &&
          [
            "EvaluateScript",
            "FunctionCall",
            "ParseHTML",
            "Layout",
            "UpdateLayoutTree",
            "TimerFire",
            "FireAnimationFrame",
            "EventDispatch",
          ].includes(e.name),
      );
      const what = inside
        .slice(0, 4)
        .map((e) => `${e.name}${e.args?.data?.url ? ` ${e.args.data.url.replace(/^.*\//, "")}` : ""} ${fmt(e.dur / 1000)}`)
        .join(", ");
      return `${fmt(t.dur / 1000).padStart(6)} ms at ${fmt((t.ts - start) / 1000).padStart(6)} ms: ${what}`;
    });
    const tbt = tasks.reduce((sum, t) => sum + t.dur / 1000 - LONG_TASK_MS, 0);
    const nodes = new Map((profile.nodes as ProfileNode[]).map((n) => [n.id, n]));
    const self = new Map<string, number>();
    // Per long task: the source functions (module:function) that ran longest in it, from the samples
    // whose time falls inside it (the profiler's clock is the trace's).
    const perTask = tasks.map(() => new Map<string, number>());
    const deltas = profile.timeDeltas ?? [];
    let at = profile.startTime;
    (profile.samples ?? []).forEach((id, i) => {
      const ms = (deltas[i] ?? 0) / 1000;
      at += deltas[i] ?? 0;
      const node = nodes.get(id);
      if (!node) return;
      const key = moduleOf(node.callFrame);
      self.set(key, (self.get(key) ?? 0) + ms);
      const task = tasks.findIndex((t) => at >= t.ts && at <= t.ts + t.dur);
      const fn = `${key}:${node.callFrame.functionName || "(anonymous)"}`;
      if (task >= 0 && !key.startsWith("((")) perTask[task]?.set(fn, (perTask[task]?.get(fn) ?? 0) + ms);
    });
    if (process.env.BENCH_TASK_DETAIL)
      long.forEach((line, i) => {
        const top = [...(perTask[i] ?? [])].sort((a, b) => b[1] - a[1]).slice(0, 6);
        long[i] = `${line}\n           ${top.map(([k, v]) => `${k} ${fmt(v)}`).join("; ")}`;
      });
    const modules = [...self].filter(([k]) => k !== "(idle)").sort((a, b) => b[1] - a[1]);
    return { long, tbt, modules };
  } finally {
    await context.close();
  }
}

async function main() {
  const executablePath =
    process.env.CHROME_PATH ?? ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((p) => existsSync(p));
  const app = await startBrowserBenchApp("bench_main_thread", PORT);
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({ executablePath });
    const base = `http://localhost:${PORT}`;
    const all = [
      { key: "/", url: `${base}/` },
      { key: "/winners", url: `${base}/winners` },
      { key: "/login", url: `${base}/login` },
      { key: "/signup", url: `${base}/signup` },
      { key: "/draws/live", url: `${base}/draws/live` },
      { key: "home", url: `${base}/`, cookie: app.token },
      { key: "contest", url: `${base}/contest/${app.contestId}`, cookie: app.token },
      // The header and shell with next to no page: a visitor's, and a signed-in player's.
      { key: "offline", url: `${base}/offline` },
      { key: "shell", url: `${base}/offline`, cookie: app.token },
    ];
    const only = process.env.BENCH_PAGES?.split(",");
    // Any other path named (/how-we-run-our-draws) is loaded as a visitor.
    for (const key of only ?? [])
      if (key.startsWith("/") && !all.some((x) => x.key === key)) all.push({ key, url: `${base}${key}` });
    for (const p of all.filter((x) => !only || only.includes(x.key))) {
      await measure(browser, p.url, p.cookie); // warm the server's caches; the second load is measured
      const r = await measure(browser, p.url, p.cookie);
      console.log(
        `\n${p.key}${p.cookie ? " (signed in)" : ""}: CPU ${SLOWDOWN}x slower, ${r.long.length} long tasks, sum over ${LONG_TASK_MS} ms ${fmt(r.tbt)} ms`,
      );
      for (const l of r.long) console.log(`  ${l}`);
      console.log("  JavaScript self time by module:");
      for (const [k, ms] of r.modules.slice(0, 18)) console.log(`  ${fmt(ms).padStart(7)} ms ${k}`);
    }
  } finally {
    await browser?.close();
    await app.stop();
  }
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
