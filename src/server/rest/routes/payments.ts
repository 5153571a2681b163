import { z } from "zod";
import { createPaymentOutput, paymentWithMessageOutput, pendingPaymentOutput } from "@/shared/schemas/responses";
import { processWebhook } from "../../services/money";
import type { RestRow } from "../derive";
import { gatewayWebhookRow } from "../webhook";

export const paymentsRoutes: RestRow[] = [
  {
    method: "POST",
    path: "/api/payments/create",
    doc: {
      errors: {
        403: "Self-excluded, no age declared where one is required, or over a spend limit",
        429: "too many open top-ups",
        502: "The payment gateway failed or refused: no payment was created",
      },
      output: createPaymentOutput,
      summary: "Start a crypto top-up",
      access: "user",
      procedure: "payments.create",
      body: "input",
    },
  },
  {
    method: "GET",
    path: "/api/payments/pending",
    doc: {
      output: z.array(pendingPaymentOutput),
      summary: "Payments awaiting approval, oldest first (a page: ?limit, default 50, and ?cursor = last id seen)",
      access: "admin",
      procedure: "payments.pending",
      query: ["limit", "cursor"],
    },
    call: (c, { query }) =>
      c.payments.pending({ limit: query.get("limit") ?? undefined, cursor: query.get("cursor") ?? undefined }),
  },
  {
    method: "POST",
    path: "/api/payments/:id/approve",
    doc: {
      errors: { 409: "Already processed, or the gateway has not confirmed it (approve with an override and a reason)" },
      output: paymentWithMessageOutput,
      summary: "Approve a payment (credits once; 409 unless the gateway says paid; body { override, reason } to override)",
      access: "admin",
      procedure: "payments.approve",
      body: "rest",
    },
  },
  {
    method: "POST",
    path: "/api/payments/:id/reject",
    doc: {
      errors: { 409: "Already processed" },
      output: paymentWithMessageOutput,
      summary: "Reject a payment",
      access: "admin",
      procedure: "payments.reject",
      body: "rest",
    },
    call: (c, { params, body }) =>
      c.payments.reject({ id: params.id ?? "", reason: typeof body.reason === "string" ? body.reason : undefined }),
  },
  /**
   * The sandbox's "pay" step (demo mode only): the owner's payment gets a signed 'Paid' webhook,
   * handled in-process. 404 when a real gateway is configured.
   */
  {
    method: "POST",
    path: "/api/payments/sandbox/:trackId/pay",
    doc: {
      errors: { 404: "A real gateway is configured: simulated payments exist only in the sandbox", 409: "Already processed" },
      output: paymentWithMessageOutput,
      summary: "Sandbox only: simulate paying your own top-up (404 with a real gateway)",
      access: "user",
      procedure: "payments.simulate",
      body: "rest",
    },
  },
  gatewayWebhookRow("/api/payments/webhook", "Gateway webhook (HMAC-SHA512 of the raw body in the HMAC header)", processWebhook, {
    400: "the body is not a JSON object with a track_id, or does not match the payment",
    409: "The payment was created through another gateway",
  }),
];
