/**
 * Hardening of src/server/edge/server.mjs, kept in one module so the server's own edit stays small
 * (docs/security.md):
 *
 * - `SERVER_OPTIONS`: the request head must arrive within 15 s (Node's default lets a client that
 *   trickles header bytes hold a connection for about 90 s), the whole request within 60 s; checked
 *   every 2 s. A response may stream for as long as it likes (live streams are responses). An idle
 *   keep-alive connection stays open 65 s (Node's default is 5 s): longer than the 60 s a proxy in
 *   front keeps its idle upstream connections (nginx's default), so the app never closes one just as
 *   the proxy sends a request on it (a reset, which the proxy answers 502 for a POST).
 * - `capConnectionsPerIp`: at most N open connections per socket address (MAX_CONNECTIONS_PER_IP,
 *   default 64; 0 = off; off by default behind a trusted proxy, where every connection comes from the
 *   proxy). Beyond it the connection is answered 503 and closed before anything is parsed.
 * - `refuseMalformedRequest`: methods outside what the app serves (TRACE, CONNECT, WebDAV…) answer
 *   405, a path whose percent-encoding does not decode or that holds control characters answers 400,
 *   both with the security headers, before Next sees them (Next answered some of them 500 with none).
 *
 * The refusals carry `baseSecurityHeaders` (src/server/security/base-headers.mjs), the list Next's
 * answers carry too; the caller passes them in (src/server/edge/server.mjs).
 */

export const SERVER_OPTIONS = {
  headersTimeout: 15_000,
  requestTimeout: 60_000,
  connectionsCheckingInterval: 2_000,
  keepAliveTimeout: 65_000,
};

export const ALLOWED_METHODS = ["GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS"];

function answer(res, status, message, headers, extra = {}) {
  const body = JSON.stringify({ message });
  res.writeHead(status, {
    ...headers,
    ...extra,
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(body),
    "cache-control": "no-store",
    connection: "close",
  });
  res.end(body);
}

/** True when the path (before "?") is not a decodable, control-character-free origin-form path. */
export function malformedPath(url) {
  if (!url.startsWith("/")) return true;
  const queryAt = url.indexOf("?");
  const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
  let decoded;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return true;
  }
  for (let i = 0; i < decoded.length; i++) {
    const c = decoded.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return true;
  }
  return false;
}

/** Answers (and returns true) when the request must not reach the app. */
export function refuseMalformedRequest(req, res, headers) {
  if (!ALLOWED_METHODS.includes(req.method ?? "")) {
    answer(res, 405, "Method not allowed", headers, { allow: ALLOWED_METHODS.join(", ") });
    return true;
  }
  if (malformedPath(req.url ?? "")) {
    answer(res, 400, "Malformed URL path", headers);
    return true;
  }
  return false;
}

/**
 * Requests Node's parser refuses itself (an unknown method such as TRACK, a broken request line,
 * oversized or trickled headers) get a 4xx with the security headers instead of Node's bare one.
 */
export function answerClientErrors(server, headers) {
  const rawAnswer = (socket, status, text, message, extra = "") => {
    const body = JSON.stringify({ message });
    const lines = Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`);
    socket.end(
      `HTTP/1.1 ${status} ${text}\r\n${lines.join("")}${extra}content-type: application/json; charset=utf-8\r\n` +
        `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    );
  };
  server.on("clientError", (err, socket) => {
    if (err.code === "ECONNRESET" || !socket.writable) {
      socket.destroy();
      return;
    }
    if (err.code === "ERR_HTTP_REQUEST_TIMEOUT") rawAnswer(socket, 408, "Request Timeout", "Request Timeout");
    else if (err.code === "HPE_HEADER_OVERFLOW") rawAnswer(socket, 431, "Request Header Fields Too Large", "Headers too large");
    else rawAnswer(socket, 400, "Bad Request", "Malformed request");
  });
  // CONNECT never reaches the request handler (Node hands it to "connect" listeners, else drops it).
  server.on("connect", (_req, socket) => {
    rawAnswer(socket, 405, "Method Not Allowed", "Method not allowed", `allow: ${ALLOWED_METHODS.join(", ")}\r\n`);
  });
}

/** Everything above that hooks the server itself: client errors answered, connections capped. */
export function guardServer(server, headers, maxConnectionsPerIp) {
  answerClientErrors(server, headers);
  capConnectionsPerIp(server, maxConnectionsPerIp);
}

/** The per-IP cap: `max` open connections per socket address (0 = no cap). */
export function capConnectionsPerIp(server, max) {
  if (!(max > 0)) return;
  const open = new Map();
  server.on("connection", (socket) => {
    const ip = socket.remoteAddress ?? "";
    const count = (open.get(ip) ?? 0) + 1;
    if (count > max) {
      socket.end("HTTP/1.1 503 Service Unavailable\r\nRetry-After: 5\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
      socket.destroySoon?.();
      return;
    }
    open.set(ip, count);
    socket.once("close", () => {
      const left = (open.get(ip) ?? 1) - 1;
      if (left > 0) open.set(ip, left);
      else open.delete(ip);
    });
  });
}

/** MAX_CONNECTIONS_PER_IP, else 64 (0 behind a trusted proxy: every connection comes from it). */
export function connectionCapFromEnv(env, hops) {
  const set = env.MAX_CONNECTIONS_PER_IP;
  if (set !== undefined && set !== "") {
    const n = Number(set);
    return Number.isInteger(n) && n >= 0 ? n : 64;
  }
  return hops > 0 ? 0 : 64;
}
