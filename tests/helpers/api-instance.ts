/**
 * One app instance for fault tests without a Next build: the REST adapter (src/server/rest/handler.ts,
 * what /api/* runs under `npm start`) behind a plain node HTTP server, plus the job queue with the
 * app's jobs and schedules, as src/instrumentation.ts starts them. Its pid is the server, so a test
 * can SIGKILL it mid-request. Configured by the environment (DATABASE_URL, PORT, OXAPAY_*, ...);
 * prints "ready" once it listens and the queue runs (it keeps trying while the database is away).
 *
 *   node --import tsx --conditions react-server tests/helpers/api-instance.ts
 */
import http from "node:http";
import { keepStartingJobs, stopJobs } from "../../src/server/jobs";
import { registerAppJobs } from "../../src/server/jobs/app-jobs";
import { getEnv } from "../../src/server/platform/env";
import { handleRestRequest } from "../../src/server/rest/handler";

async function toRequest(req: http.IncomingMessage, origin: string): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const headers = new Headers();
  for (const [k, v] of Object.entries(req.headers)) {
    if (typeof v === "string") headers.set(k, v);
    else if (Array.isArray(v)) for (const x of v) headers.append(k, x);
  }
  const body = chunks.length && req.method !== "GET" && req.method !== "HEAD" ? Buffer.concat(chunks) : undefined;
  return new Request(new URL(req.url ?? "/", origin), { method: req.method, headers, body });
}

async function main() {
  getEnv(); // a bad variable stops the start here, as in src/instrumentation.ts
  const port = Number(process.env.PORT);
  const origin = `http://127.0.0.1:${port}`;
  registerAppJobs();
  await keepStartingJobs([500, 1_000]); // as src/instrumentation.ts, with shorter waits
  const server = http.createServer(async (req, res) => {
    try {
      const answer = await handleRestRequest(await toRequest(req, origin));
      res.statusCode = answer.status;
      answer.headers.forEach((value, key) => {
        if (key !== "set-cookie") res.setHeader(key, value);
      });
      const cookies = answer.headers.getSetCookie();
      if (cookies.length) res.setHeader("set-cookie", cookies);
      res.end(Buffer.from(await answer.arrayBuffer()));
    } catch (err) {
      // handleRestRequest answers every error itself; this is the adapter failing, reported as such.
      res.statusCode = 500;
      res.end(JSON.stringify({ message: `instance adapter: ${err instanceof Error ? err.message : String(err)}` }));
    }
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  process.on("SIGTERM", () => {
    server.close();
    void stopJobs().finally(() => process.exit(0));
  });
  console.log("ready");
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
