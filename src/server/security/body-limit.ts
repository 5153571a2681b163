/**
 * The one request-body size limit (docs/security.md): REST, tRPC and the gateway webhook read their
 * bodies through `readBodyText`, which refuses an oversized body from its `Content-Length` before
 * reading anything and, for chunked or lying bodies, stops reading (and cancels the stream) as soon
 * as the byte count passes the limit. Nothing is parsed until the whole body is known to fit.
 */

/** Bytes each kind of request may carry. */
export const BODY_LIMITS = {
  /** REST rows: the documented bodies are a few hundred bytes; contest descriptions are the largest. */
  rest: 64 * 1024,
  /** tRPC: at most MAX_TRPC_BATCH calls, each as large as a REST body. */
  trpc: 256 * 1024,
  /** Gateway webhooks: OxaPay's payloads are about 1 KB. */
  webhook: 64 * 1024,
  /** A browser's error report (src/app/api/client-errors/route.ts): name, message, an 8 KB stack, the path. */
  clientError: 16 * 1024,
} as const;

export const BODY_TOO_LARGE_MESSAGE = "Request body is too large";

export type BodyRead = { ok: true; text: string } | { ok: false; status: 413 | 400; message: string };

/** The request's body as text, or a refusal when it is (or claims to be) larger than `maxBytes`. */
export async function readBodyText(req: Request, maxBytes: number): Promise<BodyRead> {
  const declared = req.headers.get("content-length");
  if (declared !== null) {
    if (!/^\d{1,15}$/.test(declared.trim())) return { ok: false, status: 400, message: "Invalid Content-Length header" };
    if (Number(declared) > maxBytes) {
      await req.body?.cancel().catch(() => {});
      return { ok: false, status: 413, message: BODY_TOO_LARGE_MESSAGE };
    }
  }
  if (!req.body) return { ok: true, text: "" };
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      return { ok: false, status: 413, message: BODY_TOO_LARGE_MESSAGE };
    }
    chunks.push(value);
  }
  return { ok: true, text: Buffer.concat(chunks).toString("utf8") };
}
