/**
 * First-load scripts of signed-in pages: what Chromium fetches until the network is idle, as
 * transferred, and the main thread's busy time, for a signed-in player's `/` and contest page. The
 * floor is a visitor's `/` in the same run (the smallest page the same build serves): each figure is
 * also printed as a ratio to it. Fresh browser context per load (no cache), the median of the runs.
 *   npm run build && npm run bench:first-load   (BENCH_RUNS, default 5; BENCH_PORT, default 3205;
 *   CHROME_PATH, default the headless shell `npm test` installs, else /usr/bin/chromium)
 */
import { existsSync } from "node:fs";
import { type Browser, chromium } from "@playwright/test";
import { startBrowserBenchApp } from "./browser-app";
import { fmt } from "./lib";

const PORT = Number(process.env.BENCH_PORT ?? 3205);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);

type Load = { scripts: number; kb: number; taskMs: number };

async function load(browser: Browser, url: string, cookie?: { name: string; value: string }): Promise<Load> {
  const context = await browser.newContext();
  try {
    if (cookie) await context.addCookies([{ ...cookie, domain: "localhost", path: "/" }]);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Performance.enable");
    const sizes: Promise<number>[] = [];
    page.on("requestfinished", (request) => {
      if (request.resourceType() === "script") sizes.push(request.sizes().then((s) => s.responseBodySize));
    });
    await page.goto(url, { waitUntil: "networkidle" });
    const bytes = (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
    const { metrics } = await cdp.send("Performance.getMetrics");
    const taskMs = (metrics.find((m) => m.name === "TaskDuration")?.value ?? 0) * 1000;
    return { scripts: sizes.length, kb: bytes / 1024, taskMs };
  } finally {
    await context.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

async function main() {
  const executablePath =
    process.env.CHROME_PATH ?? ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((p) => existsSync(p));
  const app = await startBrowserBenchApp("bench_first_load", PORT);
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({ executablePath, args: ["--disable-background-networking", "--disable-component-update"] });
    const base = `http://localhost:${PORT}`;
    const session = { name: "session", value: app.token };
    const pages = [
      { name: "/ (visitor, the floor)", url: `${base}/` },
      { name: "/ (signed in)", url: `${base}/`, cookie: session },
      { name: "contest page (signed in)", url: `${base}/contest/${app.contestId}`, cookie: session },
    ];
    const runs = new Map<string, Load[]>(pages.map((p) => [p.name, []]));
    // Interleaved, so a drifting machine weighs on every page alike.
    for (let i = 0; i < RUNS; i++) {
      for (const p of pages) runs.get(p.name)?.push(await load(browser, p.url, p.cookie));
    }
    const rows = pages.map((p) => {
      const loads = runs.get(p.name) as Load[];
      return {
        name: p.name,
        scripts: median(loads.map((l) => l.scripts)),
        kb: median(loads.map((l) => l.kb)),
        taskMs: median(loads.map((l) => l.taskMs)),
      };
    });
    const floor = rows[0] as (typeof rows)[number];
    console.log(`first-load scripts, median of ${RUNS} loads each (fresh context, as transferred)`);
    console.log(
      `${"page".padEnd(28)} ${"scripts".padStart(7)} ${"KB".padStart(6)} ${"x floor".padStart(8)} ${"task ms".padStart(8)} ${"x floor".padStart(8)}`,
    );
    for (const r of rows) {
      console.log(
        `${r.name.padEnd(28)} ${String(r.scripts).padStart(7)} ${fmt(r.kb).padStart(6)} ${fmt(r.kb / floor.kb, 2).padStart(8)} ` +
          `${fmt(r.taskMs).padStart(8)} ${fmt(r.taskMs / floor.taskMs, 2).padStart(8)}`,
      );
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
