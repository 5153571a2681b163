import { pushPublicKeyOutput, pushSubscribeOutput } from "@/shared/schemas/push";
import type { RestRow } from "../derive";

/** Web push on this device (docs/push.md). */
export const pushRoutes: RestRow[] = [
  {
    method: "GET",
    path: "/api/push/public-key",
    doc: {
      output: pushPublicKeyOutput,
      summary: "The VAPID public key a browser subscribes to push with",
      access: "user",
      procedure: "push.publicKey",
    },
  },
  {
    method: "POST",
    path: "/api/push/subscriptions",
    doc: {
      output: pushSubscribeOutput,
      summary: "Subscribe this device to push notifications (the browser's PushSubscription JSON)",
      access: "user",
      procedure: "push.subscribe",
      body: "input",
      errors: { 400: "Bad endpoint (https push service URL, at most 2048 characters) or keys", 429: "Too many changes" },
    },
  },
  {
    method: "DELETE",
    path: "/api/push/subscriptions",
    doc: {
      output: pushSubscribeOutput,
      summary: "Unsubscribe this device (by its endpoint) from push notifications",
      access: "user",
      procedure: "push.unsubscribe",
      body: "input",
      errors: { 429: "Too many changes" },
    },
  },
];
