/**
 * tRPC init: superjson, the domain-error middleware, CSRF for mutations, and the three
 * procedure kinds (public / authed / admin) every router builds on.
 */
import "server-only";
import { initTRPC, TRPCError } from "@trpc/server";
import { ZodError } from "zod";
import { databaseUnavailableError, isDatabaseUnavailable } from "../platform/db-unavailable";
import { DomainError } from "../platform/errors";
import { assertStreamSlot, type StreamOwner } from "../events/streams";
import { logger } from "../platform/logger";
import { reportServerError } from "../ops/error-reports";
import { closingSignal, SERVER_RESTARTING } from "../platform/drain";
import { limitAnonymousRequest } from "../security/anonymous-limit";
import { isCrossSiteRequest } from "../security/csrf";
import { transformer } from "@/shared/transformer";
import type { Context } from "./context";
import { assertAdminAccess } from "./privileged";

/** Readable text for a zod failure: each issue's message, prefixed by its field where it helps. */
export function zodMessage(error: ZodError): string {
  const parts = error.issues.map((issue) => {
    const field = issue.path.join(".");
    // Our schemas carry the spec's own messages ("Please enter a valid email address"); zod's
    // generic ones ("Invalid input: expected string") get the field name in front.
    const custom = !/^(Invalid|Too |Expected|Required|Unrecognized)/.test(issue.message);
    return custom || !field ? issue.message : `${field}: ${issue.message}`;
  });
  return [...new Set(parts)].join(". ");
}

/**
 * superjson's wire meta may say "this value is the same object as that one"
 * (`referentialEqualities`); honouring it from a client lets 2 KB of JSON describe a graph of 2^n
 * paths. Our inputs are plain trees, so the server refuses any such meta before superjson sees it.
 */
export function deserializeInput(payload: unknown): unknown {
  if (payload && typeof payload === "object" && "meta" in payload) {
    const meta = (payload as { meta?: unknown }).meta;
    if (meta !== undefined && (!meta || typeof meta !== "object" || Array.isArray(meta))) {
      throw new TRPCError({ code: "BAD_REQUEST", message: "Malformed input" });
    }
    const keys = meta ? Object.keys(meta) : [];
    if (keys.some((k) => k !== "values" && k !== "v")) {
      throw new TRPCError({ code: "BAD_REQUEST", message: "Input must not contain shared references" });
    }
  }
  try {
    return transformer.deserialize(payload as Parameters<typeof transformer.deserialize>[0]);
  } catch {
    throw new TRPCError({ code: "BAD_REQUEST", message: "Malformed input" });
  }
}

/** Plain text for errors whose own message would show parser or runtime internals. */
function publicMessage(error: TRPCError, fallback: string): string {
  if (error.code === "INTERNAL_SERVER_ERROR") return "Internal server error";
  // JSON.parse failures and the like (e.g. "Unexpected token } in JSON at position 3").
  if (error.code === "BAD_REQUEST" && error.cause instanceof SyntaxError) return "Malformed input";
  return fallback;
}

/** Who may call a procedure: set by the procedure kinds below; a REST row's `doc.access` (rest/types.ts) says the same or stricter (tests/unit/rest-table.test.ts). */
export type Access = "public" | "user" | "admin";
/** `stream`: a live subscription built on the stream slot (capped, ended with its session). */
export type ProcedureMeta = { access: Access; stream?: boolean };

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    transformer: { input: { serialize: (v) => transformer.serialize(v), deserialize: deserializeInput }, output: transformer },
    errorFormatter({ shape, error }) {
      const zod = error.cause instanceof ZodError ? error.cause : null;
      return {
        ...shape,
        message: zod ? zodMessage(zod) : publicMessage(error, shape.message),
        data: {
          ...shape.data,
          stack: undefined,
          fieldErrors: zod ? zod.flatten().fieldErrors : undefined,
          retryAfterSeconds:
            error.cause instanceof DomainError ? (error.cause.details?.retryAfterSeconds as number | undefined) : undefined,
        },
      };
    },
  });

export const createTRPCRouter = t.router;
export const createCallerFactory = t.createCallerFactory;

/** Services throw DomainError; this turns it into the TRPCError of the same code. Unknown errors are logged. */
const domainErrors = t.middleware(async ({ next, path, ctx }) => {
  const result = await next();
  if (!result.ok) {
    const cause = result.error.cause;
    if (cause instanceof DomainError) {
      throw new TRPCError({ code: cause.code, message: cause.message, cause });
    }
    if (result.error.code === "INTERNAL_SERVER_ERROR" && isDatabaseUnavailable(cause ?? result.error)) {
      logger.warn({ err: cause ?? result.error, path, requestId: ctx.requestId }, "database unavailable");
      const unavailable = databaseUnavailableError();
      throw new TRPCError({ code: unavailable.code, message: unavailable.message, cause: unavailable });
    }
    if (result.error.code === "INTERNAL_SERVER_ERROR") {
      logger.error({ err: cause ?? result.error, path, requestId: ctx.requestId }, "procedure failed");
      reportServerError(cause ?? result.error, { requestId: ctx.requestId, route: path });
    }
  }
  return result;
});

const csrf = t.middleware(({ ctx, type, next }) => {
  if (type === "mutation" && isCrossSiteRequest(ctx.headers)) {
    throw new TRPCError({ code: "FORBIDDEN", message: "Cross-site request refused" });
  }
  return next();
});

/** Most values (objects, arrays, strings, numbers…) one procedure input may hold. */
export const MAX_INPUT_NODES = 10_000;

/**
 * Walks the (deserialised) input once, each object at most once: true when any string holds a NUL,
 * throws when the input has more than MAX_INPUT_NODES values. Linear in the input, so no input shape
 * (not even a graph that points at one child many times) can make it expensive.
 */
function containsNul(root: unknown): boolean {
  const seen = new Set<object>();
  const stack: unknown[] = [root];
  let nodes = 0;
  while (stack.length > 0) {
    const value = stack.pop();
    if (++nodes > MAX_INPUT_NODES) throw new TRPCError({ code: "PAYLOAD_TOO_LARGE", message: "Input is too large" });
    if (typeof value === "string") {
      if (value.includes("\u0000")) return true;
      continue;
    }
    if (!value || typeof value !== "object" || seen.has(value)) continue;
    seen.add(value);
    for (const v of Object.values(value)) stack.push(v);
  }
  return false;
}

/**
 * PostgreSQL cannot store U+0000 in text (error 22021), so a NUL anywhere in the input would reach
 * the database as a 500. Refuse it up front as bad input, before any procedure runs.
 */
const noNul = t.middleware(async ({ getRawInput, next }) => {
  if (containsNul(await getRawInput())) {
    throw new TRPCError({ code: "BAD_REQUEST", message: "Text must not contain NUL (\\u0000) characters" });
  }
  return next();
});

/** Anonymous callers share a per-IP request budget (src/server/security/anonymous-limit.ts). */
const anonymousBudget = t.middleware(async ({ ctx, next }) => {
  if (!ctx.user) await limitAnonymousRequest(ctx);
  return next();
});

const baseProcedure = t.procedure.use(domainErrors).use(csrf).use(anonymousBudget);

const signedInProcedure = baseProcedure.use(({ ctx, next }) => {
  if (!ctx.user || !ctx.session) throw new TRPCError({ code: "UNAUTHORIZED", message: "Unauthorized" });
  return next({ ctx: { ...ctx, user: ctx.user, session: ctx.session } });
});

/**
 * Admins only; and with ADMIN_2FA_REQUIRED=true, every admin procedure but those exempted by name
 * (the one list in src/server/api/privileged.ts) needs a session that passed the TOTP check
 * (src/server/services/accounts/two-factor.ts). Decided there, by procedure path, for every router.
 */
const adminOnlyProcedure = signedInProcedure.use(({ ctx, path, next }) => {
  assertAdminAccess(ctx, path);
  return next();
});

// The NUL check runs after the access checks, so signed out is still 401 and a player still 403.
export const publicProcedure = baseProcedure.use(noNul).meta({ access: "public" });
export const authedProcedure = signedInProcedure.use(noNul).meta({ access: "user" });
export const adminProcedure = adminOnlyProcedure.use(noNul).meta({ access: "admin" });

/**
 * Signed-in live streams (subscriptions): refused with 429 when the account or the address holds
 * its share already (checked before the stream opens, so the client gets an HTTP 429), and handed
 * `ctx.stream`, what `sessionLiveEvents` (src/server/events/streams.ts) needs to end the stream with
 * its session.
 */
const streamSlot = signedInProcedure.use(({ ctx, next }) => {
  assertStreamSlot(ctx.user.id, ctx.ip);
  const stream: StreamOwner = {
    db: ctx.db,
    sessionId: ctx.session.id,
    userId: ctx.user.id,
    ip: ctx.ip,
    expiresAt: ctx.session.expiresAt,
  };
  return next({ ctx: { ...ctx, stream } });
});
export const authedStreamProcedure = streamSlot.use(noNul).meta({ access: "user", stream: true });
export const adminStreamProcedure = streamSlot
  .use(({ ctx, path, next }) => {
    assertAdminAccess(ctx, path);
    return next();
  })
  .use(noNul)
  .meta({ access: "admin", stream: true });

/**
 * A live stream that a restart ends (src/server/platform/drain.ts) ends with SERVICE_UNAVAILABLE: tRPC's
 * httpSubscriptionLink treats that code as retryable and reconnects (through the proxy, to an
 * instance that is not stopping), where a plain end of stream would stop the subscription for good.
 */
export async function* reconnectOnRestart<T>(events: AsyncIterable<T>): AsyncGenerator<T> {
  yield* events;
  if (closingSignal().aborted) throw new TRPCError({ code: "SERVICE_UNAVAILABLE", message: SERVER_RESTARTING });
}
