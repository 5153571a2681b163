/**
 * OxaPay's payout history as documented for v1 (docs/payments.md "OxaPay's payout history"):
 * `data: { list, meta: { page, last_page, total } }`, paged by `page` / `size`. Through the real
 * client against the local stand-in: every page is read, a payout on a later page is found by its
 * description, and a history longer than one lookup reads is "unknown", never "not there".
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OxaPayHttp } from "../../src/server/gateways/oxapay/client";
import { OxaPayPayoutGateway } from "../../src/server/gateways/oxapay/payouts";
import { OxaPayPayoutStandIn } from "../helpers/oxapay-payout-stand-in";

const KEY = "history-key";
const TRON = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";

describe("OxaPay payout history (v1 shape, paged)", () => {
  const standIn = new OxaPayPayoutStandIn(KEY);
  const since = new Date(Date.now() - 60_000);
  beforeAll(async () => {
    await standIn.start();
    const gateway = new OxaPayPayoutGateway({ payoutApiKey: KEY, baseUrl: standIn.base });
    for (let i = 0; i < 5; i++) {
      await gateway.createPayout({
        address: TRON,
        currency: "USDT",
        amount: 10 + i,
        network: "TRC20",
        callback_url: "http://127.0.0.1/api/withdrawals/webhook",
        description: `withdrawal w${i}`,
      });
    }
  });
  afterAll(() => standIn.stop());

  const http = () => new OxaPayHttp({ keyHeader: "payout_api_key", key: KEY, baseUrl: standIn.base, label: "Payout gateway" });

  it("reads every page until meta.last_page", async () => {
    const rows = await http().history("/v1/payout", since, new Date(Date.now() + 60_000), 5, 2);
    expect(rows.map((r) => r.description).sort()).toEqual(["w0", "w1", "w2", "w3", "w4"].map((w) => `withdrawal ${w}`));
  });

  it("a history longer than the pages one lookup reads is unknown, not 'absent'", async () => {
    await expect(http().history("/v1/payout", since, new Date(Date.now() + 60_000), 2, 2)).rejects.toMatchObject({
      details: { outcome: "unknown" },
    });
  });

  it("the gateway finds a payout by its description and reads its fields (track id, status, amount, currency)", async () => {
    const gateway = new OxaPayPayoutGateway({ payoutApiKey: KEY, baseUrl: standIn.base });
    const found = await gateway.findPayoutByReference("withdrawal w0", since);
    expect(found).toEqual({ trackId: standIn.accepted[0]?.track_id, status: "processing", txid: null });
    expect(await gateway.findPayoutByReference("withdrawal nobody", since)).toBe("absent");
    const listed = await gateway.listPayouts(since, new Date(Date.now() + 60_000));
    expect(listed.find((p) => p.description === "withdrawal w4")).toMatchObject({ amount: "14", currency: "USDT" });
  });
});
