import type { createCaller } from "../api/root";
import type { Context } from "../api/context";

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
 * One documented REST path. `call` maps it to a procedure through the caller and shapes the
 * legacy answer; `raw` is for the few paths that need the raw request (webhooks, redirects).
 */
export type RestRoute = {
  method: HttpMethod;
  /** e.g. "/api/contests/:id" */
  path: string;
  status?: number;
} & (
  | { call: (caller: Caller, args: RestArgs) => Promise<unknown>; raw?: never }
  | { raw: (req: Request, args: Omit<RestArgs, "body">) => Promise<Response>; call?: never }
);
