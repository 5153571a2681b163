/**
 * tRPC init: superjson, the domain-error middleware, CSRF for mutations, and the three
 * procedure kinds (public / authed / admin) every router builds on.
 */
import "server-only";
import { initTRPC, TRPCError } from "@trpc/server";
import { ZodError } from "zod";
import { DomainError } from "../errors";
import { logger } from "../logger";
import { isCrossSiteRequest } from "../security/csrf";
import { transformer } from "@/shared/transformer";
import type { Context } from "./context";

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

const t = initTRPC.context<Context>().create({
  transformer,
  errorFormatter({ shape, error }) {
    const zod = error.cause instanceof ZodError ? error.cause : null;
    return {
      ...shape,
      message: zod ? zodMessage(zod) : shape.message,
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
export const mergeRouters = t.mergeRouters;

/** Services throw DomainError; this turns it into the TRPCError of the same code. Unknown errors are logged. */
const domainErrors = t.middleware(async ({ next, path, ctx }) => {
  const result = await next();
  if (!result.ok) {
    const cause = result.error.cause;
    if (cause instanceof DomainError) {
      throw new TRPCError({ code: cause.code, message: cause.message, cause });
    }
    if (result.error.code === "INTERNAL_SERVER_ERROR") {
      logger.error({ err: cause ?? result.error, path, requestId: ctx.requestId }, "procedure failed");
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

/** True when any string in the (raw, unparsed) input holds a NUL character. */
function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (!value || typeof value !== "object" || depth > 32) return false;
  return Object.values(value).some((v) => containsNul(v, depth + 1));
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

const baseProcedure = t.procedure.use(domainErrors).use(csrf);

const signedInProcedure = baseProcedure.use(({ ctx, next }) => {
  if (!ctx.user || !ctx.session) throw new TRPCError({ code: "UNAUTHORIZED", message: "Unauthorized" });
  return next({ ctx: { ...ctx, user: ctx.user, session: ctx.session } });
});

const adminOnlyProcedure = signedInProcedure.use(({ ctx, next }) => {
  if (ctx.user.role !== "admin") throw new TRPCError({ code: "FORBIDDEN", message: "Admin access required" });
  return next();
});

// The NUL check runs after the access checks, so signed out is still 401 and a player still 403.
export const publicProcedure = baseProcedure.use(noNul);
export const authedProcedure = signedInProcedure.use(noNul);
export const adminProcedure = adminOnlyProcedure.use(noNul);
