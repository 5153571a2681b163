/**
 * The HTML each page sends as the data grows (docs/performance.md "Page weight"): the built app on
 * PostgreSQL with the demo seed (1×), then with BENCH_FACTOR × its contests, winner posts and a
 * player's notifications and entries (default 20), each page fetched uncompressed and compressed
 * (gzip, as the app sends it to browsers that accept it), signed in or not. Printed per page: bytes at 1×, at FACTOR×, their ratio (the floor is the
 * same page at 1×, measured in the same run) and the ratio to the 100 KB budget.
 *   npm run build && npm run bench:page-weight
 *   BENCH_FACTOR (default 20), BENCH_PORT (default 3207)
 */
import http from "node:http";
import { seed } from "../scripts/db/seed";
import { startApp, stopApp } from "../scripts/start-app";
import { createSession } from "../src/server/auth/session";
import { type Db, openDatabase } from "../src/server/platform/db";
import { benchAppEnv, createBenchDatabase, fmt } from "./lib";

const FACTOR = Number(process.env.BENCH_FACTOR ?? 20);
const PORT = Number(process.env.BENCH_PORT ?? 3207);
const BUDGET = 100 * 1024;

type Page = { name: string; path: string; signedIn: boolean };
type Weight = { raw: number; gzip: number };

/** The bytes on the wire for one Accept-Encoding (node:http: fetch would decompress them). */
function bytesOf(url: string, encoding: string, cookie: string | null): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { "accept-encoding": encoding };
    if (cookie) headers.cookie = cookie;
    http
      .get(url, { headers }, (res) => {
        if (res.statusCode !== 200) reject(new Error(`${url}: ${res.statusCode}`));
        let n = 0;
        res.on("data", (chunk: Buffer) => {
          n += chunk.length;
        });
        res.on("end", () => resolve(n));
      })
      .on("error", reject);
  });
}

async function weigh(base: string, page: Page, token: string): Promise<Weight> {
  const cookie = page.signedIn ? `session=${token}` : null;
  return {
    raw: await bytesOf(`${base}${page.path}`, "identity", cookie),
    gzip: await bytesOf(`${base}${page.path}`, "gzip", cookie),
  };
}

/** Copies of every seeded contest and winner post (new ids and titles, a little older), and more notifications for the player. */
async function grow(db: Db, factor: number): Promise<void> {
  const columns = async (table: string) =>
    (
      await db.$queryRaw<{ column_name: string }[]>`
        SELECT column_name FROM information_schema.columns WHERE table_name = ${table} ORDER BY ordinal_position`
    ).map((r) => r.column_name);
  const copy = async (table: string, change: Record<string, string>) => {
    const cols = await columns(table);
    const list = cols.map((c) => `"${c}"`).join(", ");
    const values = cols.map((c) => change[c] ?? `t."${c}"`).join(", ");
    await db.$executeRawUnsafe(
      `INSERT INTO "${table}" (${list}) SELECT ${values} FROM "${table}" t WHERE t."id" NOT LIKE '%-x%'`,
    );
  };
  for (let i = 1; i < factor; i++) {
    await copy("Contest", {
      id: `t."id" || '-x${i}'`,
      title: `t."title" || ' ${i}'`,
      createdAt: `t."createdAt" - interval '${i} minutes'`,
    });
    await copy("WinnerPost", { id: `t."id" || '-x${i}'` });
  }
  await db.$executeRawUnsafe(`INSERT INTO "Notification" ("id", "userId", "title", "message", "createdAt")
    SELECT gen_random_uuid()::text, u."id", 'Bench notice', 'A notification to grow the list.', now() - (g || ' minutes')::interval
    FROM "User" u, generate_series(1, ${factor * 10}) g WHERE u."email" = 'player@example.com'`);
}

async function main() {
  const database = await createBenchDatabase("bench_weight");
  const handle = await openDatabase({ url: database.url, poolSize: 2 });
  const db = handle.db;
  await seed(db);
  const player = await db.user.findFirstOrThrow({ where: { email: "player@example.com" } });
  const token = (await createSession(db, player.id)).token;
  const contest = await db.contest.findFirstOrThrow({ where: { status: "active" }, orderBy: { createdAt: "desc" } });
  const pages: Page[] = [
    { name: "/ signed out (landing)", path: "/", signedIn: false },
    { name: "/ signed in (home)", path: "/", signedIn: true },
    { name: "/contest/{id} signed in", path: `/contest/${contest.id}`, signedIn: true },
    { name: "/winners", path: "/winners", signedIn: false },
    { name: "/draws/live", path: "/draws/live", signedIn: true },
    { name: "/login", path: "/login", signedIn: false },
    { name: "/signup", path: "/signup", signedIn: false },
  ];

  const measure = async (): Promise<Weight[]> => {
    const app = await startApp({ port: PORT, entry: "server", env: benchAppEnv(database.url), readyPath: "/api/ready" });
    try {
      const base = `http://127.0.0.1:${PORT}`;
      const out: Weight[] = [];
      for (const page of pages) out.push(await weigh(base, page, token));
      return out;
    } finally {
      await stopApp(app);
    }
  };

  const small = await measure();
  await grow(db, FACTOR);
  const contests = await db.contest.count({ where: { status: "active" } });
  const posts = await db.winnerPost.count();
  await handle.close();
  const big = await measure();

  const kb = (n: number) => `${fmt(n / 1024, 1)} KB`;
  console.log(`\nPage weight: the demo seed, then ${FACTOR}× (${fmt(contests)} active contests, ${fmt(posts)} winner posts)`);
  console.log(
    "page | HTML 1× | HTML at",
    `${FACTOR}×`,
    "| growth (× the 1× floor) | of the 100 KB budget | gzip at",
    `${FACTOR}×`,
  );
  console.log("---|---|---|---|---|---");
  pages.forEach((p, i) => {
    const a = small[i] as Weight;
    const b = big[i] as Weight;
    console.log(
      `${p.name} | ${kb(a.raw)} | ${kb(b.raw)} | ${fmt(b.raw / a.raw, 2)}× | ${fmt((100 * b.raw) / BUDGET)}% | ${kb(b.gzip)}`,
    );
  });
  await database.drop();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
