/**
 * The admin Prizes list as prizes pile up: `GET /api/admin/prizes` (its first page) and a second
 * page, through the REST adapter in this process (the app's handler, route, service and a PostgreSQL
 * database; no HTTP), with SMALL prizes and then with 20 × SMALL. A page must cost the same at both
 * sizes: it prints each figure's ratio to the one at SMALL, measured in the same run (the floor).
 *
 *   npx tsx --conditions=react-server bench/admin-prizes.ts          (SMALL 150, 20 × = 3,000 prizes)
 *   BENCH_PRIZES=500 BENCH_RUNS=21 npx tsx --conditions=react-server bench/admin-prizes.ts
 */
import os from "node:os";
import { createSession } from "../src/server/auth/session";
import { openDatabase, setDatabase } from "../src/server/platform/db";
import { handleRestRequest } from "../src/server/rest/handler";
import { SESSION_COOKIE } from "../src/shared/constants";
import { createBenchDatabase, fmt } from "./lib";
import { insertContests, insertPlayers, insertPrizes } from "./scale-data";

const SMALL = Number(process.env.BENCH_PRIZES ?? 150);
const RUNS = Number(process.env.BENCH_RUNS ?? 15);

type Measure = { ms: number; bytes: number };

async function measure(path: string, cookie: string): Promise<Measure> {
  const once = async () => {
    const t0 = performance.now();
    const res = await handleRestRequest(new Request(`http://localhost:3000${path}`, { headers: { cookie } }));
    const body = await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${path}: HTTP ${res.status}`);
    return { ms: performance.now() - t0, bytes: body.byteLength };
  };
  for (let i = 0; i < 3; i++) await once();
  const runs: Measure[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await once());
  runs.sort((a, b) => a.ms - b.ms);
  return runs[Math.floor(runs.length / 2)] as Measure;
}

async function main() {
  console.log(
    `admin-prizes: ${fmt(SMALL)} then ${fmt(SMALL * 20)} prizes, ${RUNS} runs each (median), ${os.cpus().length} cores, ${new Date().toISOString()}`,
  );
  const database = await createBenchDatabase("bench_admin_prizes");
  const handle = await openDatabase({ url: database.url, poolSize: 4 });
  setDatabase(handle);
  try {
    const exec = (sql: string) => handle.db.$executeRawUnsafe(sql);
    await insertPlayers(exec, "ap", 1);
    const admin = await handle.db.user.create({
      data: {
        email: "admin@bench.test",
        firstName: "A",
        lastName: "B",
        passwordHash: "x",
        securityQuestion: "q",
        securityAnswerHash: "x",
        role: "owner",
      },
    });
    const cookie = `${SESSION_COOKIE}=${(await createSession(handle.db, admin.id)).token}`;
    const at = async (label: string) => {
      await exec("ANALYZE");
      const first = await measure("/api/admin/prizes", cookie);
      // Page 2 resumes after the first page's last prize.
      const ids = JSON.parse(
        new TextDecoder().decode(
          await (
            await handleRestRequest(new Request("http://localhost:3000/api/admin/prizes", { headers: { cookie } }))
          ).arrayBuffer(),
        ),
      ) as { id: string }[];
      const second = await measure(`/api/admin/prizes?limit=50&cursor=${ids.at(-1)?.id}`, cookie);
      const count = await handle.db.prize.count();
      return { label, count, first, second };
    };
    await insertContests(exec, "ap1", SMALL, "ended");
    await insertPrizes(exec, "ap1", "ap_u_0000001");
    const small = await at("small");
    await insertContests(exec, "ap2", SMALL * 19, "ended");
    await insertPrizes(exec, "ap2", "ap_u_0000001");
    const big = await at("20x");
    console.log(`${"".padEnd(22)} ${"prizes".padStart(7)} ${"ms".padStart(8)} ${"bytes".padStart(9)}`);
    for (const r of [small, big]) {
      console.log(
        `${`first page, ${r.label}`.padEnd(22)} ${fmt(r.count).padStart(7)} ${fmt(r.first.ms, 2).padStart(8)} ${fmt(r.first.bytes).padStart(9)}`,
      );
      console.log(
        `${`page 2, ${r.label}`.padEnd(22)} ${fmt(r.count).padStart(7)} ${fmt(r.second.ms, 2).padStart(8)} ${fmt(r.second.bytes).padStart(9)}`,
      );
    }
    console.log(
      `ratio 20x/small: first page ${fmt(big.first.ms / small.first.ms, 2)}× time, ${fmt(big.first.bytes / small.first.bytes, 2)}× bytes; page 2 ${fmt(big.second.ms / small.second.ms, 2)}× time, ${fmt(big.second.bytes / small.second.bytes, 2)}× bytes`,
    );
  } finally {
    await handle.close();
    await database.drop();
  }
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
