/**
 * Local HTTP servers for tests: the app's REST surface, a drand relay replaying recorded rounds, and
 * the socket under a payment gateway's stand-in.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { handleRestRequest } from "../../src/server/rest/handler";

export type LocalServer = { url: string; close: () => Promise<void>; hits: string[] };

async function listen(handler: http.RequestListener, hits: string[]): Promise<LocalServer> {
  const server = http.createServer(handler);
  // fetch keeps connections alive; with Node's 5 s default the server could close one just as a
  // slow test reused it (ECONNRESET). close() still ends idle connections at once.
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, hits, close: () => new Promise((r) => server.close(() => r())) };
}

/**
 * A stand-in for a payment gateway's HTTP API (OxaPay's, in the payment and payout suites) on a
 * local port: `answer` gets each request with its body read as text. Connections stay alive longer
 * than any test (a POST on a socket the server has just closed fails, and clients do not retry it);
 * close() also cuts requests left unanswered (a stand-in told to hang).
 */
export async function startStandIn(
  answer: (req: http.IncomingMessage, res: http.ServerResponse, body: string) => unknown,
): Promise<LocalServer> {
  const hits: string[] = [];
  const server = http.createServer(async (req, res) => {
    hits.push(`${req.method} ${req.url}`);
    let body = "";
    for await (const chunk of req) body += chunk;
    await answer(req, res, body);
  });
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    hits,
    close: () => {
      server.closeAllConnections();
      return new Promise((r) => server.close(() => r()));
    },
  };
}

/** OxaPay's v1 envelope: `{ data, message, error, status, version }` on success, without `version` on a refusal. */
export function oxaPayAnswer(
  res: http.ServerResponse,
  data: unknown,
  status = 200,
  message = "Operation completed successfully!",
) {
  res.statusCode = status;
  res.setHeader("content-type", "application/json");
  res.end(JSON.stringify({ data, message, error: {}, status, ...(status === 200 ? { version: "1.0.0" } : {}) }));
}

/**
 * The REST adapter behind a real socket: public readers such as the verifier, and servers that call
 * back (a gateway's signed webhook: its body and headers are passed on). `rewrite` (tamper tests) may
 * change an answer's body on its way out: a site that lies to the verifier.
 */
export function startRestServer(rewrite?: (url: string, body: string) => string): Promise<LocalServer> {
  const hits: string[] = [];
  return listen(async (req, res) => {
    hits.push(`${req.method} ${req.url}`);
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
    // A rewritten body is rewritten as text: ask the app for it uncompressed.
    if (rewrite) headers.delete("accept-encoding");
    const sent = req.method === "GET" || req.method === "HEAD" ? undefined : Buffer.concat(chunks);
    const answer = await handleRestRequest(
      new Request(`http://127.0.0.1${req.url}`, { method: req.method, headers, body: sent }),
    );
    res.statusCode = answer.status;
    for (const [k, v] of answer.headers) if (!rewrite || k !== "content-length") res.setHeader(k, v);
    const body = Buffer.from(await answer.arrayBuffer());
    res.end(rewrite ? Buffer.from(rewrite(req.url ?? "", body.toString("utf8"))) : body);
  }, hits);
}

/** drand quicknet: chain info and round 123 as api.drand.sh served them (recorded, never fetched live). */
export const QUICKNET_INFO_JSON = {
  public_key:
    "83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a",
  period: 3,
  genesis_time: 1692803367,
  hash: "52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971",
  groupHash: "f477d5c89f21a17c863a7f937c6a6d15859414d2be09cd448d4279af331c5d3e",
  schemeID: "bls-unchained-g1-rfc9380",
  metadata: { beaconID: "quicknet" },
};
export const QUICKNET_ROUND_123 = {
  round: 123,
  randomness: "fb8f7bc29bf24db51871ec8c79f3a1e4bd0557bc0dfcee9ed1d924e69d1c60dc",
  signature: "b75c69d0b72a5d906e854e808ba7e2accb1542ac355ae486d591aa9d43765482e26cd02df835d3546d23c4b13e0dfc92",
};

/**
 * A drand relay serving /<chain>/info and /<chain>/public/<round> from `rounds`; unknown rounds are
 * 404 (not emitted yet). `forge` answers every round with round 123's data relabelled (a bad signature).
 */
export function startDrandRelay(opts: { rounds?: Record<number, unknown>; forge?: boolean } = {}): Promise<LocalServer> {
  const hits: string[] = [];
  const rounds = opts.rounds ?? { 123: QUICKNET_ROUND_123 };
  return listen((req, res) => {
    hits.push(req.url ?? "");
    res.setHeader("content-type", "application/json");
    const m = /^\/([0-9a-f]{64})\/(info|public\/(\d+))$/.exec((req.url ?? "").split("?")[0] ?? "");
    if (!m || m[1] !== QUICKNET_INFO_JSON.hash) {
      res.statusCode = 404;
      res.end("{}");
      return;
    }
    if (m[2] === "info") {
      res.end(JSON.stringify(QUICKNET_INFO_JSON));
      return;
    }
    const round = Number(m[3]);
    const body = opts.forge ? { ...QUICKNET_ROUND_123, round } : rounds[round];
    if (!body) {
      res.statusCode = 404;
      res.end("{}");
      return;
    }
    res.end(JSON.stringify(body));
  }, hits);
}
