import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { checkAcceptedTermsAtStart, lastTermsCheck, termsProblems } from "../../src/server/gateways/oxapay/accepted-terms";

/** OxaPay's v1 envelope around `data`, as GET /v1/payment/accepted-currencies and /v1/common/networks answer. */
const envelope = (list: string[]) =>
  JSON.stringify({ data: { list }, message: "Operation completed successfully!", error: {}, status: 200, version: "1.0.0" });

const ALL_NETWORKS = [
  "Bitcoin Network",
  "Ethereum Network",
  "Tron Network",
  "Binance Smart Chain",
  "TRC20",
  "ERC20",
  "BEP20",
  "Litecoin Network",
  "Solana Network",
  "TON Network",
];
/** Every coin we offer (src/shared/constants.ts CRYPTO_CURRENCIES). */
const ALL_COINS = ["BTC", "ETH", "USDT", "BNB", "USDC", "LTC", "TRX", "SOL", "TON"];

let close: (() => Promise<void>) | null = null;
afterEach(async () => {
  await close?.();
  close = null;
});

async function standIn(coins: string[], networks: string[]): Promise<{ url: string; keys: (string | undefined)[] }> {
  const keys: (string | undefined)[] = [];
  const server = http.createServer((req, res) => {
    keys.push(req.headers.merchant_api_key as string | undefined);
    res.setHeader("content-type", "application/json");
    if (req.method === "GET" && req.url === "/v1/payment/accepted-currencies") return res.end(envelope(coins));
    if (req.method === "GET" && req.url === "/v1/common/networks") return res.end(envelope(networks));
    res.statusCode = 404;
    res.end(JSON.stringify({ data: {}, message: "Not found", error: { type: "not_found" }, status: 404 }));
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  close = () => new Promise((r) => server.close(() => r()));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, keys };
}

const quietLog = () => {
  const lines: { level: string; msg: string }[] = [];
  return {
    lines,
    error: (_o: object, msg: string) => void lines.push({ level: "error", msg }),
    info: (_o: object, msg: string) => void lines.push({ level: "info", msg }),
  };
};

describe("OxaPay accepted coins and networks, checked at start-up", () => {
  it("names each coin the merchant account does not accept and each network OxaPay does not list", () => {
    expect(termsProblems({ coins: ALL_COINS, networks: ALL_NETWORKS })).toEqual([]);
    // A network is named only for a coin on several chains (USDT, USDC): LTC's is never sent.
    const problems = termsProblems({
      coins: ["btc", "USDT", "USDC", "LTC", "TRX", "SOL"],
      networks: ["TRC20", "ERC20", "Solana Network"],
    });
    expect(problems).toEqual([
      "ETH is not accepted by the OxaPay merchant account (enable it in OxaPay's merchant settings)",
      'OxaPay does not list the network "BEP20" used for USDT on BEP20',
      "BNB is not accepted by the OxaPay merchant account (enable it in OxaPay's merchant settings)",
      'OxaPay does not list the network "BEP20" used for USDC on BEP20',
      "TON is not accepted by the OxaPay merchant account (enable it in OxaPay's merchant settings)",
    ]);
  });

  it("asks the gateway with the merchant key through the real client and logs every problem as an error", async () => {
    const gw = await standIn(
      ALL_COINS.filter((c) => c !== "ETH"),
      ALL_NETWORKS,
    );
    const log = quietLog();
    const check = await checkAcceptedTermsAtStart({ OXAPAY_MERCHANT_API_KEY: "mk-1", OXAPAY_BASE_URL: gw.url }, log);
    expect(check).toMatchObject({ ok: false, problems: [expect.stringMatching(/^ETH is not accepted/)] });
    expect(lastTermsCheck()).toEqual(check);
    expect(gw.keys).toEqual(["mk-1", "mk-1"]);
    expect(log.lines).toEqual([{ level: "error", msg: expect.stringMatching(/^OxaPay configuration: ETH is not accepted/) }]);
  });

  it("says when everything is accepted, and never 'accepted' when the gateway cannot be reached", async () => {
    const gw = await standIn(ALL_COINS, ALL_NETWORKS);
    const ok = quietLog();
    expect(await checkAcceptedTermsAtStart({ OXAPAY_MERCHANT_API_KEY: "mk", OXAPAY_BASE_URL: gw.url }, ok)).toMatchObject({
      ok: true,
    });
    expect(ok.lines).toEqual([{ level: "info", msg: "OxaPay accepts every configured coin and network" }]);

    const down = quietLog();
    const unreachable = await checkAcceptedTermsAtStart(
      { OXAPAY_MERCHANT_API_KEY: "mk", OXAPAY_BASE_URL: "http://127.0.0.1:9", OXAPAY_TIMEOUT_MS: 500 },
      down,
    );
    expect(unreachable).toMatchObject({ ok: null });
    expect(down.lines[0]).toMatchObject({ level: "error", msg: "OxaPay accepted currencies could not be checked at start-up" });
  });

  it("does nothing in demo mode (no merchant key)", async () => {
    expect(await checkAcceptedTermsAtStart({}, quietLog())).toBeNull();
  });
});
