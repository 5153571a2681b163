/**
 * Domain errors: services throw these; one tRPC middleware turns them into TRPCError and the
 * REST adapter into the matching HTTP status with {"message"}.
 */
export type DomainErrorCode =
  | "BAD_REQUEST"
  | "UNAUTHORIZED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "CONFLICT"
  | "TOO_MANY_REQUESTS"
  | "PAYLOAD_TOO_LARGE"
  | "UNSUPPORTED_MEDIA_TYPE"
  | "BAD_GATEWAY"
  | "SERVICE_UNAVAILABLE";

/** Marks every DomainError, whichever copy of this module made it (see hasInstance below). */
const DOMAIN_ERROR = Symbol.for("prize-contests.DomainError");

export class DomainError extends Error {
  readonly [DOMAIN_ERROR] = true;

  /**
   * Next bundles this module into each route and into src/instrumentation.ts separately, and some
   * state is shared between them through globalThis (the public-read cache, the job queue): an
   * error thrown by one copy must still be a DomainError to another, or it would answer 500.
   * Subclasses keep the ordinary prototype check.
   */
  static [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class `instanceof` asks about (a subclass or DomainError)
    if (this !== DomainError) return Function.prototype[Symbol.hasInstance].call(this, value);
    return typeof value === "object" && value !== null && (value as { [DOMAIN_ERROR]?: unknown })[DOMAIN_ERROR] === true;
  }

  constructor(
    readonly code: DomainErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "DomainError";
  }
}

export const badRequest = (m: string) => new DomainError("BAD_REQUEST", m);
export const unauthorized = (m = "Unauthorized") => new DomainError("UNAUTHORIZED", m);
export const forbidden = (m = "Forbidden") => new DomainError("FORBIDDEN", m);
export const notFound = (m: string) => new DomainError("NOT_FOUND", m);
export const conflict = (m: string) => new DomainError("CONFLICT", m);
export const tooManyRequests = (m: string, retryAfterSeconds?: number) =>
  new DomainError("TOO_MANY_REQUESTS", m, retryAfterSeconds ? { retryAfterSeconds } : undefined);

/** The server cannot take this request right now (busy, or its database is unreachable); answered with Retry-After. */
export const serviceUnavailable = (m: string, retryAfterSeconds?: number) =>
  new DomainError("SERVICE_UNAVAILABLE", m, retryAfterSeconds ? { retryAfterSeconds } : undefined);

export const HTTP_STATUS: Record<DomainErrorCode | "INTERNAL_SERVER_ERROR" | "METHOD_NOT_SUPPORTED", number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  TOO_MANY_REQUESTS: 429,
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503,
  METHOD_NOT_SUPPORTED: 405,
  INTERNAL_SERVER_ERROR: 500,
};
