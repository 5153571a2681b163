/**
 * Per-IP limits key on the socket address, not on what the client writes in X-Forwarded-For
 * (src/server/edge/server.mjs, TRUST_PROXY_HOPS). Runs its own server on a fresh embedded database with a
 * sign-up limit of 2 per hour, then restarts it trusting one proxy hop.
 */
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { migrateDatabase, startApp, stopApp } from "../scripts/start-app";

const DIR = path.join(process.cwd(), ".data", "e2e-client-ip");

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

const startServer = (port: number, env: Record<string, string>) =>
  startApp({
    port,
    entry: "server",
    stderr: "ignore",
    env: { PGLITE_DIR: DIR, DATABASE_URL: "", RATE_LIMIT_SIGNUPS_PER_HOUR: "2", ...env },
  });

async function stop(child: ChildProcess) {
  expect(await stopApp(child)).toBe(0);
}

let n = 0;
const signup = (port: number, forwardedFor: string) => {
  n += 1;
  return fetch(`http://127.0.0.1:${port}/api/auth/signup`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": forwardedFor, "x-real-ip": forwardedFor },
    body: JSON.stringify({
      firstName: "Ip",
      lastName: "Spoofer",
      email: `spoof-${n}@example.com`,
      password: "secret12",
      confirmPassword: "secret12",
      securityQuestion: "What is your favourite book?",
      securityAnswer: "dune",
    }),
  });
};

test("a spoofed X-Forwarded-For cannot dodge the per-IP sign-up limit (TRUST_PROXY_HOPS=0); one trusted hop is honoured", async () => {
  test.setTimeout(120_000);
  fs.rmSync(DIR, { recursive: true, force: true });
  await migrateDatabase({ PGLITE_DIR: DIR, DATABASE_URL: "" });
  const port = await freePort();

  // No proxy trusted (the default): every request counts for the socket address, 127.0.0.1.
  const direct = await startServer(port, { TRUST_PROXY_HOPS: "" });
  try {
    expect((await signup(port, "198.51.100.1")).status).toBe(201);
    expect((await signup(port, "198.51.100.2")).status).toBe(201);
    const third = await signup(port, "198.51.100.3, 198.51.100.4");
    expect(third.status).toBe(429);
    expect((await third.json()).message).toEqual(expect.any(String));
  } finally {
    await stop(direct);
  }

  // Behind one trusted proxy (played by this test), the address that proxy appended, the last entry
  // before the socket's, is the client: entries further left are ignored, a new client has its own allowance.
  const proxied = await startServer(port, { TRUST_PROXY_HOPS: "1" });
  try {
    expect((await signup(port, "6.6.6.6, 203.0.113.10")).status).toBe(201);
    expect((await signup(port, "7.7.7.7, 203.0.113.10")).status).toBe(201);
    expect((await signup(port, "8.8.8.8, 203.0.113.10")).status).toBe(429);
    expect((await signup(port, "203.0.113.11")).status).toBe(201);
  } finally {
    await stop(proxied);
  }
});
