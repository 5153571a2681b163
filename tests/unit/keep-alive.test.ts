/**
 * src/server/edge/request-guard.mjs SERVER_OPTIONS keeps an idle keep-alive connection open longer than the
 * 60 s a proxy keeps its idle upstream connections (deploy/nginx/nginx.conf pools them). With Node's
 * default (5 s) the app closed a pooled connection just as the proxy sent on it: a reset, a 502.
 * One raw socket: the answer announces the timeout, and a POST after an idle spell past Node's
 * default is still answered on the same connection.
 */
import http from "node:http";
import net from "node:net";
import { afterAll, beforeAll, expect, test } from "vitest";
import { SERVER_OPTIONS } from "../../src/server/edge/request-guard.mjs";

let server: http.Server;
let port = 0;

beforeAll(async () => {
  server = http.createServer(SERVER_OPTIONS, (req, res) => {
    req.resume();
    req.on("end", () => res.end(`${req.method} ok`));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as net.AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** Collects what the socket receives until `done` says an answer is complete. */
function nextAnswer(socket: net.Socket, done: (text: string) => boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = "";
    const onData = (chunk: Buffer) => {
      text += chunk.toString("latin1");
      if (done(text)) {
        cleanup();
        resolve(text);
      }
    };
    const onEnd = () => {
      cleanup();
      reject(new Error(`the server closed the connection (received: ${JSON.stringify(text)})`));
    };
    const cleanup = () => {
      socket.off("data", onData);
      socket.off("end", onEnd);
      socket.off("close", onEnd);
    };
    socket.on("data", onData);
    socket.on("end", onEnd);
    socket.on("close", onEnd);
  });
}

test("an idle keep-alive connection outlives a proxy's 60 s pool and is announced as 65 s", async () => {
  expect(SERVER_OPTIONS.keepAliveTimeout).toBeGreaterThan(60_000);
  const socket = net.connect(port, "127.0.0.1");
  await new Promise<void>((resolve) => socket.once("connect", resolve));
  try {
    const first = nextAnswer(socket, (t) => t.endsWith("GET ok"));
    socket.write("GET / HTTP/1.1\r\nHost: app\r\n\r\n");
    expect((await first).toLowerCase()).toContain("keep-alive: timeout=65");

    // Past Node's default of 5 s (and its 1 s grace), idle.
    await new Promise((resolve) => setTimeout(resolve, 6_500));
    expect(socket.destroyed).toBe(false);
    const second = nextAnswer(socket, (t) => t.endsWith("POST ok"));
    socket.write("POST /api/x HTTP/1.1\r\nHost: app\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}");
    expect(await second).toMatch(/^HTTP\/1\.1 200/);
  } finally {
    socket.destroy();
  }
}, 15_000);
