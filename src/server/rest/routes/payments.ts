import { z } from "zod";
import { createPaymentOutput, paymentWithMessageOutput, pendingPaymentOutput } from "@/shared/schemas/responses";
import { DomainError } from "../../platform/errors";
import { BODY_LIMITS, readBodyText } from "../../security/body-limit";
import { processWebhook } from "../../services/payments";
import type { RestRow } from "../derive";

export const paymentsRoutes: RestRow[] = [
  {
    method: "POST",
    path: "/api/payments/create",
    doc: {
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
      output: paymentWithMessageOutput,
      summary: "Sandbox only: simulate paying your own top-up (404 with a real gateway)",
      access: "user",
      procedure: "payments.simulate",
      body: "rest",
    },
  },
  /**
   * Gateway webhook (OxaPay or the sandbox): the signature covers the raw body, so this row reads
   * it unparsed. Server-to-server, no cookies: exempt from CSRF. Answers 200 text "ok" as OxaPay expects.
   */
  {
    method: "POST",
    path: "/api/payments/webhook",
    doc: {
      summary: "Gateway webhook (HMAC-SHA512 of the raw body in the HMAC header)",
      access: "public",
      rawBody: { contentType: "application/json", description: "The gateway's JSON exactly as signed" },
      response: { status: 200, contentType: "text/plain", description: "ok" },
    },
    raw: async (req, { ctx }) => {
      const read = await readBodyText(req, BODY_LIMITS.webhook);
      if (!read.ok) throw new DomainError(read.status === 413 ? "PAYLOAD_TOO_LARGE" : "BAD_REQUEST", read.message);
      const raw = read.text;
      // Errors (401 bad signature, 404 unknown track id, 400 mismatch) become {"message"} in the adapter.
      await processWebhook(ctx.db, raw, req.headers.get("hmac"), { ip: ctx.ip });
      return new Response("ok", { status: 200, headers: { "content-type": "text/plain; charset=utf-8" } });
    },
  },
];
