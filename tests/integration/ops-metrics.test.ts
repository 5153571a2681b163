import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as metricsRoute } from "../../src/app/api/metrics/route";
import { publicReadsFor } from "../../src/server/cache/public-reads";
import { getEventBus, liveEvents } from "../../src/server/events";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { createContest, createUser, rest } from "../helpers/fixtures";

const TOKEN = "test-metrics-token-0123456789";

async function scrape(auth?: string): Promise<Response> {
  const headers = new Headers();
  if (auth) headers.set("authorization", auth);
  return metricsRoute(new Request("http://localhost:3000/api/metrics", { headers }));
}

/** The value of one sample line, e.g. value(text, 'prize_topups{status="pending"}'). */
function value(text: string, sample: string): number | undefined {
  const line = text.split("\n").find((l) => l.startsWith(`${sample} `));
  return line === undefined ? undefined : Number(line.slice(sample.length + 1));
}

describe(`/api/metrics (${dbKind()})`, () => {
  let t: TestDb;
  const saved = process.env.METRICS_TOKEN;
  beforeAll(async () => {
    t = await createTestDb();
  });
  afterAll(async () => {
    if (saved === undefined) delete process.env.METRICS_TOKEN;
    else process.env.METRICS_TOKEN = saved;
    await (await getEventBus()).close();
    await t.close();
  });

  it("is a 404 while METRICS_TOKEN is unset, without the token and with a wrong one", async () => {
    delete process.env.METRICS_TOKEN;
    expect((await scrape(`Bearer ${TOKEN}`)).status).toBe(404);
    process.env.METRICS_TOKEN = TOKEN;
    expect((await scrape()).status).toBe(404);
    expect((await scrape("Bearer wrong-token")).status).toBe(404);
    expect((await scrape(`Basic ${TOKEN}`)).status).toBe(404);
    const ok = await scrape(`Bearer ${TOKEN}`);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(ok.headers.get("cache-control")).toBe("no-store");
  });

  it("counts requests by route pattern and status, with a latency histogram", async () => {
    process.env.METRICS_TOKEN = TOKEN;
    const contest = await createContest(t.db);
    const before = await (await scrape(`Bearer ${TOKEN}`)).text();
    const okSample = 'prize_http_requests_total{method="GET",route="/api/contests/:id",status="200"}';
    const missSample = 'prize_http_requests_total{method="GET",route="unmatched",status="404"}';
    expect((await rest(t.db, "GET", `/api/contests/${contest.id}`)).status).toBe(200);
    expect((await rest(t.db, "GET", `/api/contests/${contest.id}`)).status).toBe(200);
    expect((await rest(t.db, "GET", "/api/no-such-thing-xyz")).status).toBe(404);
    const after = await (await scrape(`Bearer ${TOKEN}`)).text();
    expect((value(after, okSample) ?? 0) - (value(before, okSample) ?? 0)).toBe(2);
    expect((value(after, missSample) ?? 0) - (value(before, missSample) ?? 0)).toBe(1);
    expect(after).not.toContain("no-such-thing-xyz");
    expect(after).not.toContain(contest.id);
    expect(
      value(after, 'prize_http_request_duration_seconds_count{method="GET",route="/api/contests/:id"}'),
    ).toBeGreaterThanOrEqual(2);
  });

  it("reports top-ups, purchases, contests and draws from the database, and the pool on PostgreSQL", async () => {
    process.env.METRICS_TOKEN = TOKEN;
    const user = await createUser(t.db);
    await t.db.payment.create({
      data: {
        userId: user.id,
        amount: "10",
        cryptoCurrency: "USDT",
        provider: "sandbox",
        trackId: `m-${user.id}`,
        payLink: "/pay/x",
        status: "rejected",
      },
    });
    await createContest(t.db, { status: "ended", drawnAt: new Date() });
    // Past the gauges' 5 s cache: only the clock moves (timers stay real), so nothing waits.
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 5_100 });
    const text = await (await scrape(`Bearer ${TOKEN}`)).text().finally(() => vi.useRealTimers());
    expect(value(text, 'prize_topups{status="rejected"}')).toBeGreaterThanOrEqual(1);
    expect(value(text, 'prize_contests{status="ended"}')).toBeGreaterThanOrEqual(1);
    expect(value(text, "prize_draws_total")).toBeGreaterThanOrEqual(1);
    expect(text).toContain("# TYPE prize_purchases gauge");
    expect(text).toContain("# TYPE prize_live_streams_open gauge");
    expect(text).toMatch(/^prize_build_info\{version="\d+\.\d+\.\d+",commit="([0-9a-f]{12}|unknown)"\} 1$/m);
    if (dbKind() === "postgres") expect(value(text, 'prize_db_pool_clients{state="total"}')).toBeGreaterThanOrEqual(1);
  });

  it("counts open live streams only: 0 with just the public-read cache listening, 1 with one stream", async () => {
    process.env.METRICS_TOKEN = TOKEN;
    // The cache of public reads listens on the same bus as every stream (src/server/cache/public-reads.ts).
    expect(await publicReadsFor(t.db)).toBeDefined();
    const bus = await getEventBus();
    expect(bus.listenerCount()).toBeGreaterThanOrEqual(1);
    const gauge = async () => value(await (await scrape(`Bearer ${TOKEN}`)).text(), "prize_live_streams_open");
    expect(await gauge()).toBe(0);
    const abort = new AbortController();
    const stream = liveEvents(bus, () => true, abort.signal);
    expect((await stream.next()).value).toEqual({ kind: "ready" });
    expect(await gauge()).toBe(1);
    abort.abort();
    await stream.return(undefined);
    expect(await gauge()).toBe(0);
  });
});
