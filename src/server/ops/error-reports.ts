/**
 * Unhandled errors reported to a Sentry-protocol endpoint (Sentry, self-hosted Sentry, GlitchTip)
 * when SENTRY_DSN is set; without it nothing leaves the process (docs/deploy.md "Error reports").
 *
 * What is reported: the server's 500s (a procedure that failed, src/server/api/trpc.ts; a REST row,
 * src/server/rest/handler.ts; a page or route handler, `onRequestError` in src/instrumentation.ts)
 * and the browser's uncaught errors, which the browser posts to this app (src/app/api/client-errors/route.ts,
 * sent by src/components/common/browserErrors.ts) and this module forwards. Each event carries the
 * request id (tag `request_id`, the `x-request-id` of the request that failed or of the browser's
 * report), the route pattern, the build (release `prize-contests@<version>+<commit>`) and the stack.
 *
 * No personal data: no user, no IP, no cookies, headers, bodies or query strings; the event's user,
 * request and breadcrumbs are dropped before sending, and e-mail addresses in messages become
 * "[email]". @sentry/core builds and sends the envelopes (its server client without any of the
 * SDKs' automatic instrumentation: docs/dependencies.md says why). Tests:
 * tests/integration/error-reports.test.ts (a receiver that parses the envelopes).
 */
import { createStackParser, createTransport, type ErrorEvent, type Event, Scope } from "@sentry/core";
import { nodeStackLineParser, ServerRuntimeClient } from "@sentry/core/server";
import { getEnv } from "../platform/env";
import { logger } from "../platform/logger";
import { buildInfo } from "./build-info";

export type ErrorContext = {
  /** The request's id (`x-request-id`), the same as in its log line. */
  requestId?: string;
  /** The route pattern (`/api/contests/:id`, a tRPC procedure, `/contest/[id]`), never a raw path. */
  route?: string;
  method?: string;
};

/** What the browser posts (src/components/common/browserErrors.ts), already checked by the route. */
export type BrowserErrorReport = { name: string; message: string; stack?: string; path: string };

const stackParser = createStackParser(nodeStackLineParser());
const EMAIL = /[^\s@"'<>(),;:]+@[^\s@"'<>(),;:]+\.[A-Za-z]{2,}/g;

/** Text that may carry an e-mail address (an error message) with every address replaced. */
export function scrubText(text: string): string {
  return text.replace(EMAIL, "[email]");
}

/** The event as it may leave: personal fields dropped, messages scrubbed. */
export function scrubEvent<E extends Event>(event: E): E {
  delete event.user;
  delete event.request;
  delete event.breadcrumbs;
  delete event.server_name;
  if (event.message) event.message = scrubText(event.message);
  for (const value of event.exception?.values ?? []) if (value.value) value.value = scrubText(value.value);
  return event;
}

type Reporter = { dsn: string; client: ServerRuntimeClient };
/** One client per process and DSN, shared by every bundle Next loads this module into. */
const g = globalThis as typeof globalThis & { __prizeErrorReporter?: Reporter };

function reporter(): ServerRuntimeClient | null {
  const { SENTRY_DSN, SENTRY_ENVIRONMENT } = getEnv();
  if (!SENTRY_DSN) return null;
  if (g.__prizeErrorReporter?.dsn === SENTRY_DSN) return g.__prizeErrorReporter.client;
  const { version, commit } = buildInfo();
  const client = new ServerRuntimeClient({
    dsn: SENTRY_DSN,
    release: `prize-contests@${version}+${commit}`,
    environment: SENTRY_ENVIRONMENT,
    sendDefaultPii: false,
    integrations: [],
    stackParser,
    platform: "node",
    runtime: { name: "node", version: process.version },
    beforeSend: (event: ErrorEvent) => scrubEvent(event),
    transport: (options) =>
      createTransport(options, async (request) => {
        const res = await fetch(options.url, {
          method: "POST",
          body: request.body as BodyInit,
          signal: AbortSignal.timeout(5_000),
        });
        await res.arrayBuffer().catch(() => undefined);
        if (res.status >= 400) logger.warn({ status: res.status }, "error report refused by SENTRY_DSN's endpoint");
        return {
          statusCode: res.status,
          headers: {
            "x-sentry-rate-limits": res.headers.get("x-sentry-rate-limits"),
            "retry-after": res.headers.get("retry-after"),
          },
        };
      }),
  });
  client.init();
  g.__prizeErrorReporter = { dsn: SENTRY_DSN, client };
  return client;
}

function scopeFor(ctx: ErrorContext, source: "server" | "browser"): Scope {
  const scope = new Scope();
  scope.setTag("source", source);
  scope.setTag("commit", buildInfo().commit);
  if (ctx.requestId) scope.setTag("request_id", ctx.requestId);
  if (ctx.route) scope.setTag("route", ctx.route);
  if (ctx.method) scope.setTag("method", ctx.method);
  return scope;
}

/** Reports a server error that became a 500 (or crashed a render); a no-op without SENTRY_DSN. */
export function reportServerError(error: unknown, ctx: ErrorContext = {}): void {
  try {
    const client = reporter();
    if (!client) return;
    // The error a procedure threw, not tRPC's wrapper: a REST row's failure passes the tRPC middleware
    // and then the REST adapter with the same one, which @sentry/core sends once (it marks what it captured).
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
    client.captureException(cause, { mechanism: { type: "prize.server", handled: false } }, scopeFor(ctx, "server"));
  } catch (err) {
    logger.warn({ err }, "error report failed");
  }
}

/** Forwards a browser's uncaught error (src/app/api/client-errors/route.ts); a no-op without SENTRY_DSN. */
export function reportBrowserError(report: BrowserErrorReport, ctx: ErrorContext): void {
  try {
    const client = reporter();
    if (!client) return;
    const frames = report.stack ? stackParser(report.stack) : [];
    const event: Event = {
      level: "error",
      platform: "javascript",
      exception: {
        values: [
          {
            type: report.name,
            value: report.message,
            mechanism: { type: "prize.browser", handled: false },
            ...(frames.length ? { stacktrace: { frames } } : {}),
          },
        ],
      },
      tags: { page: report.path },
    };
    client.captureEvent(event, undefined, scopeFor(ctx, "browser"));
  } catch (err) {
    logger.warn({ err }, "error report failed");
  }
}

/** Waits (at most `timeoutMs`) for reports still being sent: at shutdown (src/instrumentation.ts). */
export async function flushErrorReports(timeoutMs = 2_000): Promise<void> {
  await g.__prizeErrorReporter?.client.flush(timeoutMs);
}
