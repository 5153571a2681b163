import type { z } from "zod";
import type { createCaller } from "../api/root";
import type { Context } from "../api/context";
import type { Access } from "../api/trpc";
import type { CachedJson, PublicReadCache } from "../cache/public-reads";

export type Caller = ReturnType<typeof createCaller>;
export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";

export type RestArgs = {
  params: Record<string, string>;
  /** Parsed JSON body ({} when none was sent). */
  body: Record<string, unknown>;
  query: URLSearchParams;
  ctx: Context;
};

/**
 * What the OpenAPI document (src/server/rest/openapi.ts, `GET /api/openapi.json`) says about a row.
 * The request schemas come from the procedure's zod input; tests/integration/openapi.test.ts calls
 * every row with a recording caller and fails when the row calls another procedure or maps its
 * path, query or body differently from what is declared here.
 */
export type RestDoc = {
  summary: string;
  /** Who may call it (the procedure kind decides; the test checks 401 for non-public rows). */
  access: Access;
  /** The procedure the row calls, e.g. "admin.toggleAdmin" (absent on raw rows). */
  procedure?: string;
  /**
   * The JSON body: the whole input ("input"), one field of it ({ field }), or the input without the
   * fields taken from the path and query ("rest"). Absent: no body.
   */
  body?: "input" | "rest" | { field: string };
  /** Path parameter → input field when the names differ (default: the same name). */
  params?: Record<string, string>;
  /** Query parameters passed through as input fields of the same name. */
  query?: string[];
  /** Raw rows: the body as sent. */
  rawBody?: { contentType: string; description: string };
  /**
   * The JSON answer on success, from src/shared/schemas/responses.ts (the document's response
   * schema; tests validate every answer against it). Every JSON row has one.
   */
  output?: z.ZodType;
  /** Error answers particular to this row, beyond the ones every row may give (status → when). */
  errors?: Record<number, string>;
  /** A non-JSON answer (raw rows). */
  response?: { status: number; contentType: string; description: string };
};

/**
 * One documented REST path. `call` maps it to a procedure through the caller and shapes the
 * legacy answer; `raw` is for the few paths that need the raw request (webhooks, redirects).
 */
export type RestRoute = {
  method: HttpMethod;
  /** e.g. "/api/contests/:id" */
  path: string;
  status?: number;
  doc: RestDoc;
  /**
   * A public read with a cached answer (src/server/cache/public-reads.ts): served with its ETag,
   * 304 on a matching If-None-Match, no caller and no query. Must answer what `call` answers.
   */
  cached?: (reads: PublicReadCache, args: Pick<RestArgs, "params" | "query">) => Promise<CachedJson>;
  /**
   * A public raw row counts against the anonymous per-IP budget like every procedure
   * (src/server/security/anonymous-limit.ts); set this only with the reason it must not (a
   * gateway's signed webhook: a burst of real payments is never refused for volume).
   */
  outsideAnonymousBudget?: string;
} & (
  | { call: (caller: Caller, args: RestArgs) => Promise<unknown>; raw?: never }
  | { raw: (req: Request, args: Omit<RestArgs, "body">) => Promise<Response>; call?: never }
);
