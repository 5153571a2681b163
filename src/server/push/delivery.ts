/**
 * Delivers the push outbox (docs/push.md). A push cannot be taken back, so each row is sent at most
 * once: a pass first claims its rows with one committed UPDATE … FOR UPDATE SKIP LOCKED that moves
 * them to `sending` (two workers never take the same row), then POSTs each, signed with the VAPID
 * key (RFC 8292) and encrypted to the device's keys (aes128gcm, RFC 8291) by web-push. A worker that
 * dies after its claim leaves the row `sending`; after SENDING_LEASE_MS it is marked failed, never
 * sent again. Outcomes: 2xx sent (the device's lastSuccessAt moves); 404 or 410, the push service
 * dropped the subscription, so the device's row goes (its other pushes with it); anything else goes
 * back to `pending` with exponential back-off, and `failed` after MAX_ATTEMPTS. A failed POST is one
 * the service answered with an error (or never reached), so retrying it does not send twice.
 */
import webpush from "web-push";
import type { DbTx } from "../platform/db";
import { logger } from "../platform/logger";
import { vapidKeys } from "./keys";
import { offerBlockedDevices } from "./outbox";

export const MAX_ATTEMPTS = 5;
export const RETRY_BASE_MS = 30_000;
export const RETRY_MAX_MS = 30 * 60_000;
/** A claim older than this belongs to a worker that died mid-send: the row fails, unsent twice never. */
export const SENDING_LEASE_MS = 2 * 60_000;
export const BATCH_SIZE = 20;
/** How long a push service may take to answer one POST. */
export const SEND_TIMEOUT_MS = 10_000;
/** How long the push service keeps a push for a device that is offline (seconds). */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;
/** Sent and failed rows are deleted this long after they were written (docs/retention.md "Web push"). */
export const PUSH_ROWS_KEEP_DAYS = 30;
/** How often a process purges them (a pass runs every few seconds; the purge need not). */
const PURGE_EVERY_MS = 10 * 60_000;
let lastPurge = 0;

/** Deletes sent and failed pushes older than PUSH_ROWS_KEEP_DAYS. */
export async function purgeOldPushes(db: DbTx, now: Date = new Date()): Promise<number> {
  const { count } = await db.pushOutbox.deleteMany({
    where: { status: { in: ["sent", "failed"] }, createdAt: { lt: new Date(now.getTime() - PUSH_ROWS_KEEP_DAYS * 86_400_000) } },
  });
  return count;
}

/** Delay before the next try after `attempts` failed tries (1 → 30 s, 2 → 60 s, … ≤ 30 min). */
export function retryDelayMs(attempts: number): number {
  return Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);
}

/** What a push's service worker receives (src/sw/sw.ts shows it and opens `url` on a tap). */
export type PushPayload = { title: string; body: string; url: string; tag: string };

type Claimed = { id: string; subscriptionId: string; kind: string; title: string; body: string; url: string; attempts: number };

export type PushReport = { sent: number; retried: number; failed: number; gone: number; abandoned: number };

export async function deliverPendingPushes(
  db: DbTx,
  now: Date = new Date(),
  opts: { batchSize?: number } = {},
): Promise<PushReport> {
  const report: PushReport = { sent: 0, retried: 0, failed: 0, gone: 0, abandoned: 0 };
  if (now.getTime() - lastPurge >= PURGE_EVERY_MS) {
    lastPurge = now.getTime();
    await purgeOldPushes(db, now);
  }
  report.abandoned = await db.$executeRaw`
    UPDATE "PushOutbox" SET "status" = 'failed', "lastError" = 'Outcome unknown: the worker stopped during the send (not sent again)'
    WHERE "status" = 'sending' AND "claimedAt" <= ${new Date(now.getTime() - SENDING_LEASE_MS)}`;

  // The claim commits before anything is sent: a second worker (or this one after a crash) skips it.
  const claimed = await db.$queryRaw<Claimed[]>`
    UPDATE "PushOutbox" SET "status" = 'sending', "claimedAt" = ${now}, "attempts" = "attempts" + 1
    WHERE "id" IN (
      SELECT "id" FROM "PushOutbox"
      WHERE "status" = 'pending' AND "nextAttemptAt" <= ${now}
      ORDER BY "nextAttemptAt", "id"
      LIMIT ${opts.batchSize ?? BATCH_SIZE}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING "id", "subscriptionId", "kind", "title", "body", "url", "attempts"`;
  if (claimed.length === 0) return report;

  const vapid = await vapidKeys(db);
  const devices = new Map(
    (
      await db.pushSubscription.findMany({
        where: { id: { in: [...new Set(claimed.map((c) => c.subscriptionId))] } },
        select: { id: true, endpoint: true, p256dh: true, auth: true },
      })
    ).map((d) => [d.id, d]),
  );
  const goneDevices = new Set<string>();
  // An offer queued before the player turned push offers off, self-excluded or closed is dropped, not sent.
  const offerBlocked = await offerBlockedDevices(
    db,
    claimed.filter((c) => c.kind === "offer").map((c) => c.subscriptionId),
    now,
  );

  for (const push of claimed) {
    const device = devices.get(push.subscriptionId);
    // The device unsubscribed (or was dropped) since: its rows went with it.
    if (!device || goneDevices.has(device.id)) continue;
    if (push.kind === "offer" && offerBlocked.has(device.id)) {
      await db.pushOutbox.updateMany({
        where: { id: push.id, status: "sending" },
        data: { status: "failed", lastError: "Not sent: an offer to a player who opted out, self-excluded or closed" },
      });
      report.failed++;
      continue;
    }
    const payload: PushPayload = { title: push.title, body: push.body, url: push.url, tag: `${push.kind}:${push.id}` };
    let status = 0;
    let error: string | null = null;
    try {
      const request = webpush.generateRequestDetails(
        { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
        JSON.stringify(payload),
        { vapidDetails: vapid, TTL: PUSH_TTL_SECONDS, contentEncoding: "aes128gcm", urgency: "normal" },
      );
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(request.headers)) {
        if (name.toLowerCase() !== "content-length") headers[name] = String(value);
      }
      const res = await fetch(device.endpoint, {
        method: "POST",
        headers,
        body: request.body ? new Uint8Array(request.body) : null,
        redirect: "error",
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
      status = res.status;
      if (!res.ok) error = `Push service answered ${res.status}: ${(await res.text()).slice(0, 200)}`;
    } catch (err) {
      error = (err instanceof Error ? err.message : String(err)).slice(0, 500);
    }

    if (!error) {
      await db.pushOutbox.updateMany({
        where: { id: push.id, status: "sending" },
        data: { status: "sent", sentAt: new Date(), lastError: null },
      });
      await db.pushSubscription.updateMany({ where: { id: device.id }, data: { lastSuccessAt: new Date() } });
      report.sent++;
    } else if (status === 404 || status === 410) {
      // The subscription expired or the player revoked it: forget the device (cascade: its other pushes).
      await db.pushSubscription.deleteMany({ where: { id: device.id, endpoint: device.endpoint } });
      goneDevices.add(device.id);
      report.gone++;
      logger.info({ pushId: push.id, status }, "push subscription gone: removed");
    } else {
      const giveUp = push.attempts >= MAX_ATTEMPTS;
      await db.pushOutbox.updateMany({
        where: { id: push.id, status: "sending" },
        data: giveUp
          ? { status: "failed", lastError: error }
          : { status: "pending", nextAttemptAt: new Date(now.getTime() + retryDelayMs(push.attempts)), lastError: error },
      });
      if (giveUp) report.failed++;
      else report.retried++;
      logger.warn({ pushId: push.id, attempts: push.attempts, giveUp, err: error }, "push delivery failed");
    }
  }
  return report;
}
