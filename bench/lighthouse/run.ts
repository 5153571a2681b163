/**
 * Lighthouse (mobile profile: emulated phone, simulated slow 4G and CPU slowdown, its defaults)
 * on the built app with seeded data on PostgreSQL, driving the machine's Chromium. Prints the
 * performance, accessibility, best-practices and SEO scores (0–100) and the first-load transfer
 * for `/`, `/winners`, `/login` and a contest page (signed in). Scores are Lighthouse's own
 * yardstick, not a ratio: it already compares against its reference distribution.
 *   npm run build && npm run bench:lighthouse   (CHROME_PATH, default /usr/bin/chromium, else the headless shell
 *   `npm test` installs; BENCH_PORT, default 3204;
 *   BENCH_LH_DETAIL=1 also lists every script each page loaded, largest first, and the audits that
 *   cost points outside performance;
 *   BENCH_LH_PAGES=/,/winners,/login,contest runs only the pages listed;
 *   BENCH_LH_VISITOR_PATHS=/signup,/draws/live adds those paths for a visitor (name them in BENCH_LH_PAGES too
 *   when it is set); BENCH_LH_SIGNED_IN_PATHS=/offline,/prizes adds those paths, signed in (name them in BENCH_LH_PAGES too
 *   when it is set): /offline signed in is the header and shell with next to no page of its own;
 *   BENCH_LH_SAVE=DIR writes each run's whole report to DIR (the observed timings behind the simulated ones);
 *   BENCH_LH_HOST_INDEX=I emulates a host whose benchmark index is I: the CPU slowdown is set to
 *   4 x (this host's index, read by a first Lighthouse run on /offline) / I, i.e. what Lighthouse's 4x
 *   gives on that host (the screens issue's slow host: 900-1,450, so 1,175);
 *   BENCH_LH_CPU_SLOWDOWN=N emulates a slower host: Lighthouse's mobile network profile with the CPU
 *   slowed N times instead of 4 (a host whose benchmark index is k times this one's: about 4 × k);
 *   BENCH_LH_RUNS=N runs each page N times (default 1) and prints the run with the median score and
 *   every run's score: one run's score moves by 10 points with the host's speed of the moment; with
 *   more than one run, each page is first run once and that run discarded (BENCH_LH_WARMUP=0: not).
 *   With BENCH_LH_HOST_INDEX the host is probed again before every run (its index moves by ±30% within
 *   minutes here), and each row says the index the run emulated: its own host index × 4 / slowdown.
 *   A run that emulated a host over 15% from the target is run again (at most 6 times per page;
 *   the row says how many were discarded).)
 */
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { startBrowserBenchApp } from "../browser-app";
import { fmt } from "../lib";

const PORT = Number(process.env.BENCH_PORT ?? 3204);
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
let CPU_SLOWDOWN = Number(process.env.BENCH_LH_CPU_SLOWDOWN ?? 0);
const TARGET_INDEX = Number(process.env.BENCH_LH_HOST_INDEX ?? 0);
const RUNS = Math.max(1, Number(process.env.BENCH_LH_RUNS ?? 1));
/** With several runs a page is first loaded once unscored (BENCH_LH_WARMUP=0: not). */
const WARMUP = RUNS > 1 && process.env.BENCH_LH_WARMUP !== "0";
/** With BENCH_LH_HOST_INDEX: a run that emulated a host more than this far from the target is run again… */
const EMULATION_TOLERANCE = 0.15;
/** …at most this many times per page (then it is kept, and its row shows the index it emulated). */
const MAX_DISCARDED = 6;
/** Lighthouse's mobile defaults (simulated slow 4G), with the CPU slowdown set (0: its default, 4). */
const throttling = () => ({
  rttMs: 150,
  throughputKbps: 1638.4,
  requestLatencyMs: 562.5,
  downloadThroughputKbps: 1474.56,
  uploadThroughputKbps: 675,
  cpuSlowdownMultiplier: CPU_SLOWDOWN,
});

async function main() {
  const chromePath =
    process.env.CHROME_PATH ??
    ["/usr/bin/chromium", "/usr/bin/chromium-headless-shell"].find((p) => existsSync(p)) ??
    "/usr/bin/chromium";
  // Checked before anything starts: chrome-launcher reports a missing binary as an uncaught spawn
  // error, which would end the bench with the app still holding its port.
  if (!existsSync(chromePath)) throw new Error(`Chromium not found at ${chromePath}: install it or set CHROME_PATH`);
  const app = await startBrowserBenchApp("bench_lh", PORT);
  const base = `http://localhost:${PORT}`;
  const chrome = await chromeLauncher
    .launch({ chromePath, chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu"] })
    .catch(async (error: unknown) => {
      // The app must not stay on the port (the next run would refuse it).
      await app.stop();
      throw error;
    });
  try {
    const pages: { name: string; path: string; cookie?: string }[] = [
      { name: "/ (visitor)", path: "/" },
      { name: "/winners", path: "/winners" },
      { name: "/login", path: "/login" },
      { name: "/contest/{id} (signed in)", path: `/contest/${app.contestId}`, cookie: `session=${app.token}` },
      // More pages for a visitor (the other public pages: /signup, /draws/live, …).
      ...(process.env.BENCH_LH_VISITOR_PATHS?.split(",") ?? []).map((p) => ({ name: p, path: p })),
      // More pages, signed in: the shell alone (/offline), a lighter or heavier screen, for comparison.
      ...(process.env.BENCH_LH_SIGNED_IN_PATHS?.split(",") ?? []).map((p) => ({
        name: `${p} (signed in)`,
        path: p,
        cookie: `session=${app.token}`,
      })),
    ];
    /** Sets the CPU slowdown from a fresh read of this host's speed (Lighthouse on /offline). */
    const probeHost = async () => {
      const probe = await lighthouse(`${base}/offline`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance"],
      });
      const index = probe?.lhr.environment?.benchmarkIndex ?? 0;
      if (!index) throw new Error("Lighthouse did not report this host's benchmark index");
      CPU_SLOWDOWN = Math.round(((4 * index) / TARGET_INDEX) * 10) / 10;
      console.log(
        `host index ${fmt(index)}: CPU slowed ${CPU_SLOWDOWN}x to emulate a host of index ${fmt(TARGET_INDEX)} at Lighthouse's 4x`,
      );
    };
    const rows: string[] = [];
    // BENCH_LH_PAGES=/,/login runs only those paths (the contest page is "contest").
    const only = process.env.BENCH_LH_PAGES?.split(",");
    for (const page of pages.filter((p) => !only || only.includes(p.path.startsWith("/contest/") ? "contest" : p.path))) {
      const runs: { perf: number; row: string }[] = [];
      let discarded = 0;
      // A first, discarded run: the server's first render of the page and the browser's first
      // compile of its scripts made one cold run score 68 where the next ones scored 83-84.
      if (WARMUP)
        await lighthouse(`${base}${page.path}`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance"],
          ...(page.cookie ? { extraHeaders: { Cookie: page.cookie } } : {}),
        });
      for (let run = 0; run < RUNS; run++) {
        if (TARGET_INDEX > 0) await probeHost();
        const result = await lighthouse(`${base}${page.path}`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: [...CATEGORIES],
          ...(CPU_SLOWDOWN > 0 ? { throttling: throttling() } : {}),
          ...(page.cookie ? { extraHeaders: { Cookie: page.cookie } } : {}),
        });
        if (!result) throw new Error(`lighthouse returned nothing for ${page.path}`);
        const { lhr } = result;
        // The whole report, for what the table leaves out (the observed timings behind the simulated ones).
        if (process.env.BENCH_LH_SAVE) {
          mkdirSync(process.env.BENCH_LH_SAVE, { recursive: true });
          writeFileSync(
            path.join(process.env.BENCH_LH_SAVE, `${page.path.replace(/\W+/g, "_")}-${run}.json`),
            JSON.stringify(lhr),
          );
        }
        // The host's speed moves between the probe and the run: a run that stood for a host far from
        // the target (its own index read during the run) is measured again, at most MAX_DISCARDED
        // times per page, so the rows compare with each other.
        const ran = ((lhr.environment?.benchmarkIndex ?? 0) * 4) / CPU_SLOWDOWN;
        if (TARGET_INDEX > 0 && Math.abs(ran / TARGET_INDEX - 1) > EMULATION_TOLERANCE && discarded < MAX_DISCARDED) {
          discarded++;
          run--;
          console.log(`  ${page.path}: run discarded, it emulated index ${fmt(ran)} (target ${fmt(TARGET_INDEX)})`);
          continue;
        }
        if (process.env.BENCH_LH_DETAIL) {
          const metric = (id: string) => fmt(lhr.audits[id]?.numericValue ?? 0);
          console.log(
            `  ${page.path} layout shifts: ${JSON.stringify((lhr.audits["layout-shifts"]?.details as { items?: unknown[] })?.items?.slice(0, 3) ?? []).slice(0, 900)}\n` +
              `  ${page.path} FCP ${metric("first-contentful-paint")} ms, LCP ${metric("largest-contentful-paint")} ms, TBT ${metric("total-blocking-time")} ms, ` +
              `CLS ${(lhr.audits["cumulative-layout-shift"]?.numericValue ?? 0).toFixed(3)}, SI ${metric("speed-index")} ms, TTFB ${metric("server-response-time")} ms, ` +
              `LCP element: ${JSON.stringify((lhr.audits["largest-contentful-paint-element"]?.details as { items?: unknown[] })?.items?.[0] ?? null).slice(0, 300)}`,
          );
          // What costs points outside performance (accessibility, best practices, SEO).
          for (const c of CATEGORIES.filter((x) => x !== "performance")) {
            for (const ref of lhr.categories[c]?.auditRefs ?? []) {
              const audit = lhr.audits[ref.id];
              if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1)
                console.log(`  ${page.path} ${c} fails: ${audit.title}`);
            }
          }
          const requests =
            (lhr.audits["network-requests"]?.details as { items?: { url: string; resourceType: string; transferSize: number }[] })
              ?.items ?? [];
          for (const r of requests.filter((x) => x.resourceType === "Script").sort((a, b) => b.transferSize - a.transferSize)) {
            console.log(`  ${page.path} ${(r.transferSize / 1024).toFixed(1)} KB ${r.url.replace(base, "")}`);
          }
          // Where the main thread went: by kind of work, then the scripts that kept it busiest.
          const work = (
            lhr.audits["mainthread-work-breakdown"]?.details as { items?: { groupLabel: string; duration: number }[] }
          )?.items;
          console.log(
            `  ${page.path} main thread: ${(work ?? []).map((w) => `${w.groupLabel} ${fmt(w.duration)} ms`).join(", ")}`,
          );
          const bootup =
            (lhr.audits["bootup-time"]?.details as { items?: { url: string; total: number; scripting: number }[] })?.items ?? [];
          for (const b of bootup.slice(0, 8)) {
            console.log(`  ${page.path} busy ${fmt(b.total)} ms (script ${fmt(b.scripting)} ms) ${b.url.replace(base, "")}`);
          }
          // When the long tasks ran (ms after navigation start, simulated) and what Lighthouse pins them on.
          const longTasks =
            (lhr.audits["long-tasks"]?.details as { items?: { url: string; startTime: number; duration: number }[] })?.items ??
            [];
          console.log(
            `  ${page.path} long tasks: ${longTasks
              .slice(0, 20)
              .map(
                (t) =>
                  `${fmt(t.duration)} ms at ${fmt(t.startTime)} (${t.url.replace(base, "").replace("/_next/static/chunks/", "")})`,
              )
              .join(", ")}`,
          );
          const m = (id: string) => fmt(lhr.audits[id]?.numericValue ?? 0);
          console.log(
            `  ${page.path} FCP ${m("first-contentful-paint")} ms, TTI ${m("interactive")} ms, max potential FID ${m("max-potential-fid")} ms`,
          );
        }
        const score = (c: (typeof CATEGORIES)[number]) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
        const transfer = (lhr.audits["total-byte-weight"]?.numericValue ?? 0) / 1024;
        const lcp = lhr.audits["largest-contentful-paint"]?.numericValue ?? 0;
        // JavaScript as transferred (compressed) until the page settled: the first-load JS figure.
        const summary = (lhr.audits["resource-summary"]?.details as { items?: { resourceType: string; transferSize: number }[] })
          ?.items;
        const js = (summary?.find((i) => i.resourceType === "script")?.transferSize ?? 0) / 1024;
        // Lighthouse's own measure of this host's speed, taken at each run: scores compare only between similar hosts.
        const hostIndex = lhr.environment?.benchmarkIndex ?? 0;
        const tbt = lhr.audits["total-blocking-time"]?.numericValue ?? 0;
        // The host this run stood for: its own index, slowed CPU_SLOWDOWN times where Lighthouse's default is 4.
        const emulated = CPU_SLOWDOWN > 0 ? (hostIndex * 4) / CPU_SLOWDOWN : hostIndex;
        runs.push({
          perf: score("performance"),
          row:
            `${page.name.padEnd(28)} ${String(score("performance")).padStart(5)} ${String(score("accessibility")).padStart(5)} ` +
            `${String(score("best-practices")).padStart(5)} ${String(score("seo")).padStart(5)} ${fmt(lcp).padStart(8)} ${fmt(tbt).padStart(7)} ${fmt(js).padStart(6)} ${fmt(transfer).padStart(9)} ${fmt(hostIndex).padStart(11)} ${fmt(emulated).padStart(9)}`,
        });
      }
      const sorted = [...runs].sort((a, b) => a.perf - b.perf);
      const median = sorted[Math.floor((sorted.length - 1) / 2)] as (typeof runs)[number];
      const note = discarded ? ` (${discarded} discarded)` : "";
      rows.push(RUNS > 1 || discarded ? `${median.row}  runs: ${runs.map((r) => r.perf).join(", ")}${note}` : median.row);
    }
    console.log(
      `lighthouse ${lighthouseVersion()}: mobile profile, CPU ${TARGET_INDEX > 0 ? `slowed to emulate index ${fmt(TARGET_INDEX)}` : `${CPU_SLOWDOWN || 4}x slower`}, ${os.cpus().length} cores, ${RUNS} run(s) per page${WARMUP ? " after a discarded warm-up" : ""}, ${new Date().toISOString()}`,
    );
    console.log(
      `${"page".padEnd(28)} ${"perf".padStart(5)} ${"a11y".padStart(5)} ${"best".padStart(5)} ${"seo".padStart(5)} ${"LCP ms".padStart(8)} ${"TBT ms".padStart(7)} ${"JS KB".padStart(6)} ${"total KB".padStart(9)} ${"host index".padStart(11)} ${"emulated".padStart(9)}`,
    );
    for (const row of rows) console.log(row);
  } finally {
    await chrome.kill();
    await app.stop();
  }
}

function lighthouseVersion(): string {
  return (createRequire(import.meta.url)("lighthouse/package.json") as { version: string }).version;
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
