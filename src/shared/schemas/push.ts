/** Web push schemas (docs/push.md): a browser's PushSubscription as `subscription.toJSON()` gives it. */
import "./zod-config";
import { z } from "zod";

/** Longest endpoint URL accepted (push services' URLs are a few hundred characters). */
export const PUSH_ENDPOINT_MAX = 2048;

const LOOPBACK_HOSTS = ["127.0.0.1", "localhost", "[::1]"];

/** True for http://127.0.0.1, localhost or [::1] endpoints (a local push peer: tests, development). */
export function isLoopbackEndpoint(endpoint: string): boolean {
  try {
    const u = new URL(endpoint);
    return u.protocol === "http:" && LOOPBACK_HOSTS.includes(u.hostname);
  } catch {
    return false;
  }
}

/**
 * A push service's URL: https (or a loopback http peer, which the server accepts only outside
 * production: src/server/push/subscriptions.ts), no user name or password, a DNS host (push services
 * have names; an IP literal would only point the server's POSTs at some other machine).
 */
const endpoint = z
  .string("Push endpoint must be a URL")
  .trim()
  .min(1, "Push endpoint must be a URL")
  .max(PUSH_ENDPOINT_MAX, `Push endpoint must be at most ${PUSH_ENDPOINT_MAX} characters`)
  .refine(
    (v) => {
      if (isLoopbackEndpoint(v)) return true;
      try {
        const u = new URL(v);
        const ipLiteral = /^[\d.]+$/.test(u.hostname) || u.hostname.startsWith("[");
        return u.protocol === "https:" && !u.username && !u.password && !ipLiteral && u.hostname.includes(".");
      } catch {
        return false;
      }
    },
    { error: "Push endpoint must be an https URL of a push service" },
  );

/** base64url of exactly `bytes` bytes, unpadded (as the browser's `subscription.toJSON()` gives it). */
const base64url = (bytes: number, what: string) =>
  z
    .string(`${what} must be base64url`)
    .trim()
    .regex(new RegExp(`^[A-Za-z0-9_-]{${Math.ceil((bytes * 4) / 3)}}$`), `${what} must be ${bytes} bytes of base64url`);

export const pushSubscribeSchema = z.object({
  endpoint,
  keys: z.object({
    // An uncompressed P-256 point (0x04, x, y) and the 16-byte auth secret (RFC 8291).
    p256dh: base64url(65, "keys.p256dh").refine((v) => v.startsWith("B"), "keys.p256dh must be an uncompressed P-256 key"),
    auth: base64url(16, "keys.auth"),
  }),
});
export type PushSubscribeInput = z.output<typeof pushSubscribeSchema>;

export const pushUnsubscribeSchema = z.object({
  endpoint: z
    .string("Push endpoint must be a URL")
    .trim()
    .min(1, "Push endpoint must be a URL")
    .max(PUSH_ENDPOINT_MAX, `Push endpoint must be at most ${PUSH_ENDPOINT_MAX} characters`),
});

export const pushPublicKeyOutput = z.object({
  publicKey: z.string().describe("The VAPID public key (base64url): pass it as applicationServerKey to pushManager.subscribe"),
});
export const pushSubscribeOutput = z.object({ message: z.string(), subscribed: z.boolean() });
