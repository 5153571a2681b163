/**
 * The payment and payout state machines (src/server/services/money/lifecycle.ts), exhaustively:
 * every gateway status after every local state and every recorded gateway status, with and without
 * money, including repeats and out-of-order reports.
 */
import { describe, expect, it } from "vitest";
import {
  decideAfterLookup,
  decidePaymentReport,
  decidePayoutAttempt,
  decidePayoutReport,
  GATEWAY_PAYMENT_STATUSES,
  GATEWAY_PAYOUT_STATUSES,
  LOCAL_PAYMENT_STATES,
  LOCAL_WITHDRAWAL_STATES,
  MONEY_STATUSES,
  REFUND_STATUSES,
} from "../../src/server/services/money";
import { GATEWAY_STATUS_RANK } from "../../src/shared/constants";

const rank = (s: string) => GATEWAY_STATUS_RANK[s] ?? 0;
const bools = [false, true];

describe("payment state machine", () => {
  it("the expected effect of each gateway status on each local state (recorded status 'new', money known)", () => {
    const table = Object.fromEntries(
      LOCAL_PAYMENT_STATES.map((local) => [
        local,
        Object.fromEntries(
          GATEWAY_PAYMENT_STATUSES.filter((s) => s !== "new").map((reported) => {
            const d = decidePaymentReport(local, "new", reported, { moneyGrew: true, hasMoney: true, moneyBeyondCredit: false });
            return [reported, d.record ? d.effect : d.why];
          }),
        ),
      ]),
    );
    expect(table).toEqual({
      pending: {
        waiting: "record",
        paying: "record",
        confirming: "record",
        underpaid: "record",
        paid: "credit_if_auto",
        manual_accept: "credit_if_auto",
        expired: "expire_and_review",
        failed: "expire_and_review",
        refunding: "record",
        refunded: "record",
      },
      approved: {
        waiting: "record",
        paying: "record",
        confirming: "record",
        underpaid: "record",
        paid: "record",
        manual_accept: "record",
        expired: "record",
        failed: "record",
        refunding: "review_refund",
        refunded: "review_refund",
      },
      rejected: {
        waiting: "record",
        paying: "record",
        confirming: "record",
        underpaid: "review_late",
        paid: "review_late",
        manual_accept: "review_late",
        expired: "record",
        failed: "record",
        refunding: "record",
        refunded: "record",
      },
      expired: {
        waiting: "record",
        paying: "record",
        confirming: "record",
        underpaid: "review_late",
        paid: "review_late",
        manual_accept: "review_late",
        expired: "record",
        failed: "record",
        refunding: "record",
        refunded: "record",
      },
    });
  });

  it("every report after every state: repeats and out-of-order reports change nothing; money is never credited outside pending; late money always reaches review", () => {
    let cases = 0;
    for (const local of LOCAL_PAYMENT_STATES) {
      for (const recorded of GATEWAY_PAYMENT_STATUSES) {
        for (const reported of [...GATEWAY_PAYMENT_STATUSES, "bogus", ""]) {
          for (const moneyGrew of bools) {
            for (const hasMoney of bools) {
              for (const moneyBeyondCredit of bools) {
                cases++;
                const d = decidePaymentReport(local, recorded, reported, { moneyGrew, hasMoney, moneyBeyondCredit });
                const where = `${local}/${recorded} <- ${reported} grew=${moneyGrew} money=${hasMoney} beyond=${moneyBeyondCredit}`;
                if (GATEWAY_STATUS_RANK[reported] === undefined) {
                  expect(d, where).toEqual({ record: false, why: "unknown_status" });
                  continue;
                }
                if (reported === recorded && !moneyGrew) expect(d, where).toEqual({ record: false, why: "duplicate" });
                const lateMoney = ["expired", "failed"].includes(recorded) && MONEY_STATUSES.has(reported);
                if (rank(reported) < rank(recorded) && !lateMoney)
                  expect(d, where).toEqual({ record: false, why: "out_of_order" });
                if (!d.record) continue;
                if (local !== "pending") expect(["credit_if_auto", "expire", "expire_and_review"], where).not.toContain(d.effect);
                if ((local === "expired" || local === "rejected") && MONEY_STATUSES.has(reported) && hasMoney)
                  expect(d.effect, where).toBe("review_late");
                if (local === "approved" && REFUND_STATUSES.has(reported)) expect(d.effect, where).toBe("review_refund");
                if (local === "approved" && MONEY_STATUSES.has(reported) && moneyBeyondCredit)
                  expect(d.effect, where).toBe("review_late");
                if (local === "pending" && ["expired", "failed"].includes(reported))
                  expect(d.effect, where).toBe(hasMoney ? "expire_and_review" : "expire");
              }
            }
          }
        }
      }
    }
    expect(cases).toBe(4 * 11 * 13 * 8);
  });

  it("paid after expired is late money (recorded), expired after paid is out of order (ignored)", () => {
    const f = { moneyGrew: true, hasMoney: true, moneyBeyondCredit: false };
    expect(decidePaymentReport("expired", "expired", "paid", f)).toEqual({ record: true, effect: "review_late" });
    expect(decidePaymentReport("approved", "paid", "expired", f)).toEqual({ record: false, why: "out_of_order" });
    expect(decidePaymentReport("pending", "paid", "paying", f)).toEqual({ record: false, why: "out_of_order" });
    // The same underpaid status with more money is news; without, a repeat.
    expect(decidePaymentReport("pending", "underpaid", "underpaid", f)).toEqual({ record: true, effect: "record" });
    expect(decidePaymentReport("pending", "underpaid", "underpaid", { ...f, moneyGrew: false })).toEqual({
      record: false,
      why: "duplicate",
    });
  });
});

describe("payout state machine", () => {
  it("every gateway payout status after every local withdrawal state", () => {
    const table = Object.fromEntries(
      LOCAL_WITHDRAWAL_STATES.map((local) => [
        local,
        Object.fromEntries(GATEWAY_PAYOUT_STATUSES.map((s) => [s, decidePayoutReport(local, s)])),
      ]),
    );
    expect(table).toEqual({
      pending: {
        processing: "none",
        pending: "none",
        confirming: "none",
        confirmed: "none",
        complete: "none",
        canceled: "none",
        rejected: "none",
      },
      processing: {
        processing: "none",
        pending: "none",
        confirming: "none",
        confirmed: "pay",
        complete: "pay",
        canceled: "fail",
        rejected: "fail",
      },
      paid: {
        processing: "none",
        pending: "none",
        confirming: "none",
        confirmed: "none",
        complete: "none",
        canceled: "review_conflict",
        rejected: "review_conflict",
      },
      rejected: {
        processing: "none",
        pending: "none",
        confirming: "none",
        confirmed: "review_conflict",
        complete: "review_conflict",
        canceled: "none",
        rejected: "none",
      },
      failed: {
        processing: "none",
        pending: "none",
        confirming: "none",
        confirmed: "review_conflict",
        complete: "review_conflict",
        canceled: "none",
        rejected: "none",
      },
    });
    // A repeat of the same report after it settled changes nothing.
    expect(decidePayoutReport("paid", "confirmed")).toBe("none");
    expect(decidePayoutReport("failed", "rejected")).toBe("none");
  });

  it("never sends blind: a request without an answer is looked up; only a definite 'not there' sends again", () => {
    expect(decidePayoutAttempt({ trackId: "1", outcomeUnknownSince: null })).toBe("done");
    expect(decidePayoutAttempt({ trackId: null, outcomeUnknownSince: null })).toBe("send");
    expect(decidePayoutAttempt({ trackId: null, outcomeUnknownSince: new Date() })).toBe("lookup");
    expect(decideAfterLookup("found", false)).toBe("adopt");
    expect(decideAfterLookup("found", true)).toBe("adopt");
    expect(decideAfterLookup("absent", false)).toBe("send");
    expect(decideAfterLookup("unknown", false)).toBe("wait");
    expect(decideAfterLookup("unknown", true)).toBe("review");
  });
});
