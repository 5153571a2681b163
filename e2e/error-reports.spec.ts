/**
 * A browser's uncaught error reaches a Sentry-protocol receiver started here, through the built app
 * (src/components/common/browserErrors.ts → POST /api/client-errors → src/server/ops/error-reports.ts):
 * its own server with SENTRY_DSN pointing at the receiver, a fresh embedded database, loopback only.
 */
import http from "node:http";
import type net from "node:net";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { freePort, migrateDatabase, startApp, stopApp } from "../scripts/start-app";

test("an uncaught error in the page arrives at the DSN's endpoint with the report's request id and the page's path", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const envelopes: { url: string; lines: Record<string, any>[] }[] = [];
  const receiver = http.createServer((req, res) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (d: string) => {
      raw += d;
    });
    req.on("end", () => {
      envelopes.push({
        url: req.url ?? "",
        lines: raw
          .split("\n")
          .filter(Boolean)
          .map((l) => JSON.parse(l)),
      });
      res.end("{}");
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const dsn = `http://e2ekey@127.0.0.1:${(receiver.address() as net.AddressInfo).port}/9`;

  const dir = path.join(process.cwd(), ".data", "e2e-error-reports");
  await migrateDatabase({ PGLITE_DIR: dir, DATABASE_URL: "" });
  const port = await freePort();
  const app = await startApp({
    port,
    entry: "server",
    stderr: "ignore",
    env: { PGLITE_DIR: dir, DATABASE_URL: "", SENTRY_DSN: dsn },
  });
  try {
    let answered = false;
    const reported = page
      .waitForResponse((r) => r.url().endsWith("/api/client-errors"))
      .finally(() => {
        answered = true;
      });
    await page.goto(`http://127.0.0.1:${port}/winners?from=someone@example.com`);
    // The listener is installed once the page has hydrated: throw until one report leaves (each message is sent once).
    for (let i = 0; !answered && i < 60; i++) {
      await page.evaluate(() => {
        setTimeout(() => {
          throw new TypeError("e2e: the gallery broke");
        });
      });
      await new Promise((r) => setTimeout(r, 500));
    }
    const answer = await reported;
    expect(answer.status()).toBe(204);
    const requestId = await answer.headerValue("x-request-id");
    await expect.poll(() => envelopes.length, { timeout: 10_000 }).toBeGreaterThan(0);
    const [envelope] = envelopes;
    expect(envelope?.url).toBe("/api/9/envelope/?sentry_version=7&sentry_key=e2ekey");
    const event = envelope?.lines[2] as Record<string, any>;
    expect(event.exception.values[0]).toMatchObject({ type: "TypeError", value: "e2e: the gallery broke" });
    expect(event.tags).toMatchObject({ request_id: requestId, page: "/winners", source: "browser" });
    expect(JSON.stringify(envelope?.lines)).not.toContain("someone@example.com");
  } finally {
    await stopApp(app);
    receiver.closeAllConnections();
    receiver.close();
  }
});
