/**
 * A browser's push subscription, per device (docs/push.md). The endpoint is unique: the same browser
 * subscribing again (new keys, or another account signed in on it) replaces its row, so a device
 * belongs to the account that subscribed it last and never gets another account's pushes.
 */
import { isLoopbackEndpoint, type PushSubscribeInput } from "@/shared/schemas/push";
import type { DbTx } from "../platform/db";
import { getEnv } from "../platform/env";
import { badRequest } from "../platform/errors";
import { consumeOrThrow } from "../security/rate-limit";

/** Devices kept per account: the oldest beyond this is dropped when another subscribes. */
export const PUSH_DEVICES_MAX = 20;
/** Subscribe and unsubscribe calls per account per hour (each writes a row; a browser needs a few). */
export const PUSH_WRITE_LIMIT = { limit: 30, windowMs: 60 * 60_000 };

/** Loopback http endpoints (a local push peer) outside production, or with PUSH_ALLOW_LOOPBACK (tests). */
export function loopbackAllowed(): boolean {
  return process.env.NODE_ENV !== "production" || getEnv().PUSH_ALLOW_LOOPBACK;
}

async function limitWrites(db: DbTx, userId: string): Promise<void> {
  await consumeOrThrow(
    db,
    `push:write:${userId}`,
    PUSH_WRITE_LIMIT,
    (retry) => `Too many push notification changes. Please try again ${retry}.`,
  );
}

export async function subscribePush(
  db: DbTx,
  userId: string,
  input: PushSubscribeInput,
): Promise<{ message: string; subscribed: true }> {
  if (isLoopbackEndpoint(input.endpoint) && !loopbackAllowed()) {
    throw badRequest("Push endpoint must be an https URL of a push service");
  }
  await limitWrites(db, userId);
  await db.$executeRaw`
    INSERT INTO "PushSubscription" ("id", "userId", "endpoint", "p256dh", "auth", "createdAt")
    VALUES (gen_random_uuid()::text, ${userId}, ${input.endpoint}, ${input.keys.p256dh}, ${input.keys.auth}, now())
    ON CONFLICT ("endpoint") DO UPDATE SET "userId" = EXCLUDED."userId", "p256dh" = EXCLUDED."p256dh",
      "auth" = EXCLUDED."auth", "createdAt" = now(), "lastSuccessAt" = NULL`;
  // Bounded per account: the oldest devices beyond PUSH_DEVICES_MAX go.
  await db.$executeRaw`
    DELETE FROM "PushSubscription" WHERE "id" IN (
      SELECT "id" FROM "PushSubscription" WHERE "userId" = ${userId}
      ORDER BY "createdAt" DESC, "id" DESC OFFSET ${PUSH_DEVICES_MAX})`;
  return { message: "Push notifications are on for this device", subscribed: true };
}

/** Removes this device's subscription when it is the caller's (someone else's endpoint changes nothing). */
export async function unsubscribePush(
  db: DbTx,
  userId: string,
  endpoint: string,
): Promise<{ message: string; subscribed: false }> {
  await limitWrites(db, userId);
  await db.pushSubscription.deleteMany({ where: { endpoint, userId } });
  return { message: "Push notifications are off for this device", subscribed: false };
}
