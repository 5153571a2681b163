/**
 * npm run bench:instant-payout — a small withdrawal paid end to end by the payout rules (docs/payments.md
 * "Instant payouts"): the player's POST /api/withdrawals → the rules → OxaPay's real client → the payout
 * stand-in (tests/helpers/oxapay-payout-stand-in.ts: accepts, then reports the payout complete by its
 * signed webhook after BENCH_CONFIRM_MS, default 1000) → the webhook row → `paid` and the player's
 * "Withdrawal Paid" notification, read back through GET /api/notifications. The app is one instance
 * without a Next build (tests/helpers/api-instance.ts: the REST adapter and the job queue) on a
 * PostgreSQL database of its own.
 *
 * The floor, measured in the same run: the same gateway exchange with nothing of ours around it (a
 * payout POSTed to the stand-in, its webhook received by a bare node:http server). Prints each run,
 * the median end-to-end time, the floor and their ratio. The target is under 60 s end to end.
 * BENCH_RUNS (default 5).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import http from "node:http";
import { sha256 } from "@noble/hashes/sha2.js";
import { createBase58check } from "@scure/base";
import { freePort } from "../scripts/start-app";
import { openDatabase } from "../src/server/platform/db";
import { createUser, sessionTokenFor } from "../tests/helpers/fixtures";
import { OxaPayPayoutStandIn } from "../tests/helpers/oxapay-payout-stand-in";
import { createBenchDatabase, fmt } from "./lib";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CONFIRM_MS = Number(process.env.BENCH_CONFIRM_MS ?? 1000);
const KEY = "bench-payout-key";
const GENERAL = "bench-general-key";
const tron = () => createBase58check(sha256).encode(new Uint8Array([0x41, ...randomBytes(20)]));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

async function startInstance(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--import", "tsx", "--conditions", "react-server", "tests/helpers/api-instance.ts"], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise<void>((resolve, reject) => {
    child.once("exit", (code) => reject(new Error(`the instance exited with ${code} before it was ready`)));
    child.stdout?.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("ready")) resolve();
    });
  });
  child.removeAllListeners("exit");
  return child;
}

/** The floor: one payout through the stand-in and its webhook to a bare server, nothing of ours between. */
async function floorOnce(standIn: OxaPayPayoutStandIn): Promise<number> {
  let done: () => void = () => {};
  const received = new Promise<void>((r) => {
    done = r;
  });
  const hook = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      res.end("ok");
      done();
    });
  });
  await new Promise<void>((r) => hook.listen(0, "127.0.0.1", r));
  const port = (hook.address() as { port: number }).port;
  const t0 = performance.now();
  const res = await fetch(`${standIn.base}/v1/payout`, {
    method: "POST",
    headers: { "content-type": "application/json", payout_api_key: KEY },
    body: JSON.stringify({
      address: tron(),
      currency: "USDT",
      amount: 10,
      network: "TRC20",
      callback_url: `http://127.0.0.1:${port}/hook`,
      description: `floor ${t0}`,
    }),
  });
  await res.json();
  await received;
  const ms = performance.now() - t0;
  hook.close();
  return ms;
}

async function main() {
  const database = await createBenchDatabase("bench_instant_payout");
  const standIn = new OxaPayPayoutStandIn(KEY, GENERAL);
  await standIn.start();
  standIn.completeAfterMs = CONFIRM_MS;
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  let instance: ChildProcess | undefined;
  const handle = await openDatabase({ url: database.url, poolSize: 2 });
  try {
    instance = await startInstance({
      NODE_ENV: "production",
      PORT: String(port),
      DATABASE_URL: database.url,
      PGLITE_DIR: "",
      APP_URL: origin,
      OXAPAY_MERCHANT_API_KEY: "",
      OXAPAY_PAYOUT_API_KEY: KEY,
      OXAPAY_GENERAL_API_KEY: GENERAL,
      OXAPAY_BASE_URL: standIn.base,
      DRAW_SCHEDULER_INTERVAL_MS: "0",
      RATE_LIMIT_ANON_PER_MINUTE: "100000000",
      LOG_LEVEL: "error",
    });
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      // A player every rule lets through: three days old, $50 of winnings, a wallet of their own.
      const player = await createUser(handle.db, { balance: "50" });
      await handle.db.user.update({ where: { id: player.id }, data: { createdAt: new Date(Date.now() - 3 * 86_400_000) } });
      const headers = { "content-type": "application/json", cookie: `session=${await sessionTokenFor(handle.db, player)}` };
      const t0 = performance.now();
      const res = await fetch(`${origin}/api/withdrawals`, {
        method: "POST",
        headers,
        body: JSON.stringify({ amount: "10", cryptoCurrency: "USDT", network: "TRC20", address: tron() }),
      });
      const w = (await res.json()) as { id: string; route: string; status: string };
      if (res.status !== 201 || w.route !== "instant") throw new Error(`not instant: ${res.status} ${JSON.stringify(w)}`);
      // Paid, and the player told: what the player's own screens read.
      for (;;) {
        const notes = (await (await fetch(`${origin}/api/notifications`, { headers })).json()) as { title: string }[];
        if (notes.some((n) => n.title === "Withdrawal Paid")) break;
        if (performance.now() - t0 > 120_000) throw new Error("not paid within 120 s");
        await new Promise((r) => setTimeout(r, 25));
      }
      times.push(performance.now() - t0);
      console.log(`run ${i + 1}: request → paid and notified in ${fmt(times.at(-1) ?? 0)} ms`);
    }
    const floors: number[] = [];
    for (let i = 0; i < RUNS; i++) floors.push(await floorOnce(standIn));
    const app = median(times);
    const floor = median(floors);
    console.log(
      `instant payout end to end: median ${fmt(app)} ms over ${RUNS} runs (target < 60,000 ms); ` +
        `floor (the gateway exchange alone, confirmation after ${CONFIRM_MS} ms) ${fmt(floor)} ms; ratio ${fmt(app / floor, 2)}x; ` +
        `ours on top ${fmt(app - floor)} ms`,
    );
  } finally {
    instance?.kill("SIGTERM");
    await handle.close();
    await standIn.stop();
    await database.drop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
