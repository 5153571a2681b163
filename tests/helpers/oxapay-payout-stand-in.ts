/**
 * A local stand-in for OxaPay's v1 payout API, answering in its documented shapes (docs/payments.md
 * "OxaPay's payout history"): Generate Payout (`POST /v1/payout`), Payout History (`GET /v1/payout`:
 * `data: { list, meta: { page, last_page, total } }`, paged by `page` / `size`, filtered by
 * `from_date` / `to_date`), Payout Information (`GET /v1/payout/{track_id}`). It records every payout
 * it accepted (what OxaPay would have sent) and can hold its answers until the test releases them: a
 * payout accepted whose answer comes late, or never (the caller died meanwhile).
 */
import { createHmac } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export type StandInPayout = {
  track_id: string;
  description: string;
  address: string;
  currency: string;
  network: string;
  amount: number;
  status: string;
  tx_hash: string;
  date: number;
};

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let s = "";
    req.on("data", (c) => {
      s += c;
    });
    req.on("end", () => resolve(s));
  });

export class OxaPayPayoutStandIn {
  readonly accepted: StandInPayout[] = [];
  private server: Server | undefined;
  private holding = false;
  private held: (() => void)[] = [];
  base = "";

  /** What the payout wallet holds per currency (Account Balance answers it). */
  wallet: Record<string, number> = { USDT: 100_000, BTC: 10, ETH: 100, BNB: 500 };
  /** When set, each accepted payout is completed after this many ms and its signed `Complete` webhook posted to its callback. */
  completeAfterMs: number | null = null;

  constructor(
    private readonly key: string,
    private readonly generalKey = "general-key-for-tests",
  ) {}

  /** Payouts accepted with this description (our "withdrawal <id>"). */
  sendsFor(description: string): number {
    return this.accepted.filter((p) => p.description === description).length;
  }

  /** From now on, payouts are accepted at once but answered only at release(). */
  hold(): void {
    this.holding = true;
  }

  release(): void {
    this.holding = false;
    for (const go of this.held.splice(0)) go();
  }

  /** Marks a payout complete (as OxaPay does once it is on chain). */
  complete(trackId: string): StandInPayout {
    const p = this.accepted.find((x) => x.track_id === trackId);
    if (!p) throw new Error(`no payout ${trackId}`);
    p.status = "complete";
    p.tx_hash = `0xhash${trackId}`;
    return p;
  }

  /** OxaPay's payout webhook for a completed payout, signed with the payout key (hex HMAC-SHA512 of the body). */
  private async sendComplete(p: StandInPayout, callbackUrl: string): Promise<void> {
    const body = JSON.stringify({
      track_id: p.track_id,
      status: "Complete",
      type: "payout",
      address: p.address,
      amount: p.amount,
      currency: p.currency,
      network: p.network,
      tx_hash: p.tx_hash,
      description: p.description,
      date: Math.floor(Date.now() / 1000),
    });
    await fetch(callbackUrl, {
      method: "POST",
      headers: { "content-type": "application/json", hmac: createHmac("sha512", this.key).update(body).digest("hex") },
      body,
    }).catch(() => {}); // OxaPay retries a webhook; here the test waits for the status instead
  }

  async start(): Promise<void> {
    this.server = createServer(async (req, res) => {
      const text = await readBody(req);
      res.setHeader("content-type", "application/json");
      const ok = (data: unknown) =>
        res.end(JSON.stringify({ data, message: "Operation completed successfully!", error: {}, status: 200, version: "1.0.0" }));
      const url0 = new URL(req.url ?? "/", "http://x");
      if (req.method === "GET" && url0.pathname === "/v1/general/account/balance") {
        if (req.headers.general_api_key !== this.generalKey) {
          res.statusCode = 401;
          return res.end(JSON.stringify({ data: {}, message: "Invalid general API key", error: {}, status: 401 }));
        }
        const currency = url0.searchParams.get("currency");
        return ok(currency ? { [currency]: this.wallet[currency] ?? 0 } : { ...this.wallet });
      }
      if (req.headers.payout_api_key !== this.key) {
        res.statusCode = 401;
        return res.end(JSON.stringify({ data: {}, message: "Invalid payout API key", error: {}, status: 401 }));
      }
      const url = new URL(req.url ?? "/", "http://x");
      if (req.method === "POST" && url.pathname === "/v1/payout") {
        const body = JSON.parse(text) as Record<string, unknown>;
        const payout: StandInPayout = {
          track_id: String(258298351 + this.accepted.length),
          description: String(body.description ?? ""),
          address: String(body.address ?? ""),
          currency: String(body.currency ?? ""),
          network: String(body.network ?? ""),
          amount: Number(body.amount),
          status: "processing",
          tx_hash: "",
          date: Math.floor(Date.now() / 1000),
        };
        this.accepted.push(payout); // accepted: the money leaves whether or not the caller hears back
        const callback = typeof body.callback_url === "string" ? body.callback_url : null;
        if (this.completeAfterMs !== null && callback) {
          setTimeout(() => void this.sendComplete(this.complete(payout.track_id), callback), this.completeAfterMs);
        }
        if (this.holding) await new Promise<void>((r) => this.held.push(r));
        return ok({ track_id: payout.track_id, status: payout.status });
      }
      if (req.method === "GET" && url.pathname === "/v1/payout") {
        const from = Number(url.searchParams.get("from_date") ?? 0);
        const to = Number(url.searchParams.get("to_date") ?? Number.MAX_SAFE_INTEGER);
        const size = Math.min(200, Math.max(1, Number(url.searchParams.get("size") ?? 10)));
        const page = Math.max(1, Number(url.searchParams.get("page") ?? 1));
        const all = this.accepted
          .filter((p) => p.date >= from && p.date <= to)
          .sort((a, b) => b.date - a.date)
          .map((p) => ({ ...p, fee: 1, internal: false, memo: "" }));
        const list = all.slice((page - 1) * size, page * size);
        return ok({ list, meta: { page, last_page: Math.max(1, Math.ceil(all.length / size)), total: all.length } });
      }
      const info = /^\/v1\/payout\/([^/]+)$/.exec(url.pathname);
      const found = info && this.accepted.find((p) => p.track_id === decodeURIComponent(info[1] ?? ""));
      if (req.method === "GET" && found) return ok({ ...found, fee: 1, internal: false, memo: "" });
      res.statusCode = 404;
      res.end(JSON.stringify({ data: {}, message: "Not found", error: {}, status: 404 }));
    });
    this.server.keepAliveTimeout = 120_000;
    await new Promise<void>((r) => this.server?.listen(0, "127.0.0.1", r));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.release();
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  }
}
