/**
 * The identity provider's webhook (docs/payments.md "Identity"): a provider that ran a player's
 * identity check posts its decision, signed with KYC_WEBHOOK_SECRET (hex HMAC-SHA256 of the raw body
 * in the `HMAC` header, like the payment gateways' webhooks). Only the decision and the provider's reference are read from it;
 * anything else it carries (document data, images) is ignored and never stored.
 *
 *   { "provider": "acme-id", "external_id": "<our user id>", "reference": "chk_123",
 *     "decision": "approved" | "rejected", "reason": "document expired" }
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export type IdentityDecision = {
  userId: string;
  decision: "approved" | "rejected";
  reference: string;
  provider: string;
  reason: string | null;
};

/** Constant-time check of the hex HMAC-SHA256 of the raw body. */
export function verifyIdentitySignature(secret: string, rawBody: string, signature: string | null): boolean {
  if (!secret || !signature || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const expected = createHmac("sha256", secret).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(signature, "hex"));
}

const text = (v: unknown, max: number): string | null =>
  typeof v === "string" && v.trim() && v.trim().length <= max && !/\p{Cc}/u.test(v) ? v.trim() : null;

/** The decision in a (verified) body; null when it names no player, reference or known decision. */
export function parseIdentityWebhook(rawBody: string): IdentityDecision | null {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return null;
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) return null;
  const b = body as Record<string, unknown>;
  const decision = b.decision === "approved" || b.decision === "rejected" ? b.decision : null;
  const userId = text(b.external_id, 64);
  const reference = text(b.reference, 200);
  if (!decision || !userId || !reference) return null;
  return { userId, decision, reference, provider: text(b.provider, 60) ?? "provider", reason: text(b.reason, 500) };
}
