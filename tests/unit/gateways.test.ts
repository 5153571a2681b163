import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hmacSha512Hex, normaliseStatus, parseWebhookBody, verifyHmacSha512 } from "../../src/server/gateways/gateway";
import { OxaPayGateway } from "../../src/server/gateways/oxapay/payments";
import { SandboxGateway } from "../../src/server/gateways/sandbox/payments";
import { compareMoney as compareDecimalStrings } from "../../src/shared/money";
import { createPaymentSchema, PAYMENT_MESSAGES } from "../../src/shared/schemas/payments";

const KEY = "merchant-key-123";
const BODY = JSON.stringify({ track_id: "184747701", status: "Paid", amount: 10, currency: "USD" });

describe("webhook signature verification (hex HMAC-SHA512 of the raw body)", () => {
  const valid = createHmac("sha512", KEY).update(BODY).digest("hex");

  it("accepts the correct signature, in either hex case", () => {
    expect(hmacSha512Hex(KEY, BODY)).toBe(valid);
    expect(verifyHmacSha512(KEY, BODY, valid)).toBe(true);
    expect(verifyHmacSha512(KEY, BODY, valid.toUpperCase())).toBe(true);
  });

  it("refuses a tampered body", () => {
    const tampered = BODY.replace('"amount":10', '"amount":1000');
    expect(verifyHmacSha512(KEY, tampered, valid)).toBe(false);
    expect(verifyHmacSha512(KEY, `${BODY} `, valid)).toBe(false);
  });

  it("refuses a signature made with another key", () => {
    const wrong = createHmac("sha512", "another-key").update(BODY).digest("hex");
    expect(verifyHmacSha512(KEY, BODY, wrong)).toBe(false);
  });

  it("refuses a missing, empty, short or non-hex header", () => {
    expect(verifyHmacSha512(KEY, BODY, null)).toBe(false);
    expect(verifyHmacSha512(KEY, BODY, undefined)).toBe(false);
    expect(verifyHmacSha512(KEY, BODY, "")).toBe(false);
    expect(verifyHmacSha512(KEY, BODY, valid.slice(0, 64))).toBe(false);
    expect(verifyHmacSha512(KEY, BODY, `${valid.slice(0, 127)}z`)).toBe(false);
    expect(verifyHmacSha512("", BODY, valid)).toBe(false);
  });

  it("each gateway verifies with its own key", () => {
    const oxapay = new OxaPayGateway({ merchantApiKey: KEY });
    const sandbox = new SandboxGateway("sandbox-secret");
    expect(oxapay.verifySignature(BODY, valid)).toBe(true);
    expect(sandbox.verifySignature(BODY, valid)).toBe(false);
    const signed = sandbox.signedWebhook({ track_id: "x", status: "Paid" });
    expect(sandbox.verifySignature(signed.body, signed.signature)).toBe(true);
    expect(oxapay.verifySignature(signed.body, signed.signature)).toBe(false);
  });
});

describe("webhook body parsing", () => {
  it("normalises OxaPay statuses and amounts", () => {
    expect(normaliseStatus("Manual Accept")).toBe("manual_accept");
    expect(normaliseStatus("Paid")).toBe("paid");
    const n = parseWebhookBody(BODY);
    expect(n).toMatchObject({ trackId: "184747701", status: "paid", amount: "10", currency: "USD" });
    expect(parseWebhookBody("{not json")).toBeNull();
    expect(parseWebhookBody("[]")).toBeNull();
    expect(parseWebhookBody('{"status":"paid"}')).toBeNull();
  });
});

describe("top-up input (the same schema as the Add Balance form)", () => {
  const parse = (v: unknown) => createPaymentSchema.safeParse(v);
  it("accepts amounts >= 1 with at most 2 decimals, USD only", () => {
    expect(parse({ amount: "1", currency: "USD", cryptoCurrency: "BTC" }).success).toBe(true);
    expect(parse({ amount: "10.55", cryptoCurrency: "USDT" }).data?.currency).toBe("USD");
    expect(parse({ amount: "1.234", currency: "USD", cryptoCurrency: "BTC" }).error?.issues[0]?.message).toBe(
      PAYMENT_MESSAGES.amountFormat,
    );
    expect(parse({ amount: "0.99", currency: "USD", cryptoCurrency: "BTC" }).error?.issues[0]?.message).toBe(
      PAYMENT_MESSAGES.amountMin,
    );
    expect(parse({ amount: "5", currency: "EUR", cryptoCurrency: "BTC" }).success).toBe(false);
    expect(parse({ amount: "5", currency: "USD", cryptoCurrency: "DOGE" }).error?.issues[0]?.message).toBe(
      "Please enter amount and select payment method",
    );
    expect(parse({ amount: "", currency: "USD", cryptoCurrency: "BTC" }).error?.issues[0]?.message).toBe(
      "Please enter amount and select payment method",
    );
  });
  it("compares decimal strings exactly", () => {
    expect(compareDecimalStrings("1", "1.00")).toBe(0);
    expect(compareDecimalStrings("0.99", "1")).toBe(-1);
    expect(compareDecimalStrings("10", "9.99")).toBe(1);
    expect(compareDecimalStrings("100000.01", "100000")).toBe(1);
  });
});
