/**
 * The push outbox (docs/push.md): which in-app notifications also go to the player's devices, and
 * the rows that carry them, written in the caller's transaction (so nothing is pushed for an event
 * that rolled back) and delivered later by delivery.ts. One row per subscribed device; a player with
 * no device gets no row. The one marketing kind, `offer`, is written only by the accounts domain's
 * `queueMarketingPush`, after the player's push opt-in and safer-play's incentiveBlock; delivery
 * checks the opt-in, closure and exclusion again when it sends one (offerBlockedSql).
 */
import type { DbTx } from "../platform/db";

export type PushKind = "draw_result" | "instant_win" | "topup_approved" | "withdrawal_paid" | "prize_shipped" | "offer";

/**
 * The one place that decides "this notification also goes to push": by the notification's title,
 * the fixed text each event writes (src/server/services/draws/fanout.ts WON_TITLE and LOST_TITLE,
 * checkout/instant-wins.ts, money/payments/approval.ts, money/withdrawals/transitions.ts,
 * prizes/prizes.ts), with the page a tap on the push opens. tests/integration/push.test.ts holds the
 * titles to those events.
 */
export const PUSHED_NOTIFICATIONS: Readonly<Record<string, { kind: PushKind; url: string }>> = {
  "Congratulations! You won!": { kind: "draw_result", url: "/prizes" },
  "Contest Result": { kind: "draw_result", url: "/" },
  "Instant Win!": { kind: "instant_win", url: "/prizes" },
  "Payment Approved": { kind: "topup_approved", url: "/payments" },
  "Withdrawal Paid": { kind: "withdrawal_paid", url: "/withdrawals" },
  "Prize Shipped": { kind: "prize_shipped", url: "/prizes" },
};

/** Longest title and body a push carries (the encrypted payload must stay under 4 KB). */
const TITLE_MAX = 120;
const BODY_MAX = 600;

export type PushedNotification = { userId: string; title: string; message: string };

/**
 * Queues a push to every device of each player whose notification is one of PUSHED_NOTIFICATIONS
 * (the others are ignored), in one INSERT … SELECT over their subscriptions. Returns the rows written.
 */
export async function queuePushes(tx: DbTx, items: readonly PushedNotification[]): Promise<number> {
  const pushed = items.filter((i) => Object.hasOwn(PUSHED_NOTIFICATIONS, i.title));
  if (pushed.length === 0) return 0;
  const users = pushed.map((i) => i.userId);
  const kinds = pushed.map((i) => (PUSHED_NOTIFICATIONS[i.title] as { kind: PushKind }).kind);
  const urls = pushed.map((i) => (PUSHED_NOTIFICATIONS[i.title] as { url: string }).url);
  const titles = pushed.map((i) => i.title.slice(0, TITLE_MAX));
  const bodies = pushed.map((i) => (i.message.length > BODY_MAX ? `${i.message.slice(0, BODY_MAX - 1)}…` : i.message));
  return tx.$executeRaw`
    INSERT INTO "PushOutbox" ("id", "subscriptionId", "kind", "title", "body", "url", "status", "nextAttemptAt", "createdAt")
    SELECT gen_random_uuid()::text, s."id", p."kind", p."title", p."body", p."url", 'pending', now(), now()
    FROM unnest(${users}::text[], ${kinds}::text[], ${titles}::text[], ${bodies}::text[], ${urls}::text[])
      AS p("userId", "kind", "title", "body", "url")
    JOIN "PushSubscription" s ON s."userId" = p."userId"`;
}

/**
 * One offer (marketing) to every device of a player. Call only through the accounts domain's
 * `queueMarketingPush`, which asks the player's consent first (docs/email.md "Marketing: offers and news").
 */
export async function queueOfferPush(
  tx: DbTx,
  userId: string,
  offer: { title: string; body: string; url: string },
): Promise<number> {
  const body = offer.body.length > BODY_MAX ? `${offer.body.slice(0, BODY_MAX - 1)}…` : offer.body;
  return tx.$executeRaw`
    INSERT INTO "PushOutbox" ("id", "subscriptionId", "kind", "title", "body", "url", "status", "nextAttemptAt", "createdAt")
    SELECT gen_random_uuid()::text, s."id", 'offer', ${offer.title.slice(0, TITLE_MAX)}, ${body}, ${offer.url}, 'pending', now(), now()
    FROM "PushSubscription" s WHERE s."userId" = ${userId}`;
}

/** Of these devices, those whose player must get no offer now: not opted in to push offers, closed or self-excluded. */
export async function offerBlockedDevices(db: DbTx, subscriptionIds: readonly string[], now: Date): Promise<Set<string>> {
  if (subscriptionIds.length === 0) return new Set();
  const rows = await db.$queryRaw<{ id: string }[]>`
    SELECT s."id" FROM "PushSubscription" s JOIN "User" u ON u."id" = s."userId"
    WHERE s."id" = ANY(${[...subscriptionIds]}::text[]) AND (u."marketingPushAt" IS NULL OR u."closedAt" IS NOT NULL
      OR (u."selfExcludedUntil" IS NOT NULL AND (u."selfExclusionEndsAt" IS NULL OR u."selfExclusionEndsAt" > ${now})))`;
  return new Set(rows.map((r) => r.id));
}
