/**
 * A gateway's webhook row (payments and payouts alike): the signature covers the raw body, so the
 * row reads it unparsed. Server-to-server, no cookies: exempt from CSRF. Answers 200 text "ok", as
 * OxaPay expects; errors (401 bad signature, 404 unknown track id, 400 mismatch) become {"message"}.
 */
import type { Db } from "../platform/db";
import { DomainError } from "../platform/errors";
import { BODY_LIMITS, readBodyText } from "../security/body-limit";
import type { RestRoute } from "./types";

type WebhookHandler = (db: Db, rawBody: string, signature: string | null, opts: { ip?: string }) => Promise<unknown>;

/** `errors`: the handler's refusals beyond a bad signature and an unknown track id. */
export function gatewayWebhookRow(
  path: string,
  summary: string,
  handle: WebhookHandler,
  errors: Record<number, string> = {},
): RestRoute {
  return {
    method: "POST",
    path,
    doc: {
      summary,
      access: "public",
      errors: {
        400: "the body is not a JSON object with a track_id",
        401: "Signature missing or invalid",
        404: "Unknown track id",
        ...errors,
      },
      rawBody: { contentType: "application/json", description: "The gateway's JSON exactly as signed" },
      response: { status: 200, contentType: "text/plain", description: "ok" },
    },
    outsideAnonymousBudget: "signed by the gateway: a burst of real payments is never refused for volume",
    raw: async (req, { ctx }) => {
      const read = await readBodyText(req, BODY_LIMITS.webhook);
      if (!read.ok) throw new DomainError(read.status === 413 ? "PAYLOAD_TOO_LARGE" : "BAD_REQUEST", read.message);
      await handle(ctx.db, read.text, req.headers.get("hmac"), { ip: ctx.ip });
      return new Response("ok", { status: 200, headers: { "content-type": "text/plain; charset=utf-8" } });
    },
  };
}
