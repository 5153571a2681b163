/**
 * A request-level budget for anonymous traffic: at most RATE_LIMIT_ANON_PER_MINUTE requests per
 * client IP per minute from callers without a session (default 300; 0 turns it off). Signed-in
 * users are held by the per-account limits of their areas instead. The counter is the shared one
 * of src/server/security/rate-limit.ts (one atomic upsert, so it holds across instances).
 *
 * It runs as a tRPC middleware (src/server/api/trpc.ts), which the REST rows pass through as well;
 * one HTTP request counts once however many procedures it batches (keyed on the request's
 * response headers, which every call of one request shares). Public raw REST rows (the entry-list
 * files, the login redirect) count too (src/server/rest/handler.ts), except a row that says why not
 * (`outsideAnonymousBudget`: the gateways' signed webhooks). Cached public REST reads
 * (src/server/cache/public-reads.ts) do not: they are answered from memory at a constant cost, while
 * counting them would cost a write each. Over the budget: 429 with Retry-After.
 */
import type { DbTx } from "../platform/db";
import { getEnv } from "../platform/env";
import { DomainError } from "../platform/errors";
import { consumeOrThrow, type RateRule } from "./rate-limit";

/** The rule, read per request so tests and operators can change it; null when turned off. */
export function anonymousRule(): RateRule | null {
  const n = getEnv().RATE_LIMIT_ANON_PER_MINUTE;
  return n === 0 ? null : { limit: n, windowMs: 60_000 };
}

export const anonymousKey = (ip: string) => `anon-ip:${ip}`;

const perRequest = new WeakMap<Headers, Promise<void>>();

/** Counts this request against its IP's anonymous budget once; throws 429 (and sets Retry-After) when over. */
export function limitAnonymousRequest(ctx: { db: DbTx; ip: string; resHeaders: Headers }): Promise<void> {
  const rule = anonymousRule();
  if (!rule) return Promise.resolve();
  let pending = perRequest.get(ctx.resHeaders);
  if (!pending) {
    pending = consumeOrThrow(
      ctx.db,
      anonymousKey(ctx.ip),
      rule,
      (retry) => `Too many requests from your address. Please try again ${retry}.`,
    ).then(
      () => undefined,
      (error: unknown) => {
        if (error instanceof DomainError && error.code === "TOO_MANY_REQUESTS") {
          const seconds = error.details?.retryAfterSeconds;
          if (typeof seconds === "number") ctx.resHeaders.set("retry-after", String(seconds));
        }
        throw error;
      },
    );
    perRequest.set(ctx.resHeaders, pending);
  }
  return pending;
}
