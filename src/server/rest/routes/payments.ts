import { DomainError } from "../../errors";
import { BODY_LIMITS, readBodyText } from "../../security/body-limit";
import { processWebhook } from "../../services/payments";
import type { RestRoute } from "../types";

export const paymentsRoutes: RestRoute[] = [
  {
    method: "POST",
    path: "/api/payments/create",
    call: (c, { body }) => c.payments.create(body as never),
  },
  { method: "GET", path: "/api/payments/pending", call: (c) => c.payments.pending() },
  {
    method: "POST",
    path: "/api/payments/:id/approve",
    call: (c, { params }) => c.payments.approve({ id: params.id ?? "" }),
  },
  {
    method: "POST",
    path: "/api/payments/:id/reject",
    call: (c, { params, body }) =>
      c.payments.reject({ id: params.id ?? "", reason: typeof body.reason === "string" ? body.reason : undefined }),
  },
  /**
   * Gateway webhook (OxaPay or the sandbox): the signature covers the raw body, so this row reads
   * it unparsed. Server-to-server, no cookies: exempt from CSRF. Answers 200 text "ok" as OxaPay expects.
   */
  {
    method: "POST",
    path: "/api/payments/webhook",
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
