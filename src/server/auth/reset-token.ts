/**
 * The password-reset token: 256 random bits handed to whoever answered the security question, in
 * an HttpOnly, SameSite=Strict cookie that only the two reset calls receive (the REST row and the
 * browser's tRPC call). The database keeps only its SHA-256 (PasswordResetGrant.tokenHash).
 */
import { encodeBase64urlNoPadding } from "@oslojs/encoding";
import { secretBytes, secureFlag, tokenHash } from "./session";

export const RESET_COOKIE = "reset_token";
/** Every path a reset is sent to: the REST row and the browser's own (unbatched) tRPC call. */
export const RESET_COOKIE_PATHS = ["/api/auth/reset-password", "/api/trpc/auth.resetPassword"] as const;

export function generateResetToken(): string {
  return encodeBase64urlNoPadding(secretBytes(32));
}

export function resetTokenHash(token: string): string {
  return tokenHash(token);
}

/** One Set-Cookie per reset path; `maxAgeSeconds` 0 clears them. */
export function resetCookies(token: string, maxAgeSeconds: number): string[] {
  return RESET_COOKIE_PATHS.map(
    (path) => `${RESET_COOKIE}=${token}; HttpOnly; SameSite=Strict; Path=${path}; Max-Age=${maxAgeSeconds}${secureFlag()}`,
  );
}

/** The reset token from the request's cookies, or null (only well-formed tokens). */
export function readResetToken(headers: Headers): string | null {
  const cookie = headers.get("cookie");
  if (!cookie) return null;
  for (const part of cookie.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === RESET_COOKIE) {
      const value = rest.join("=");
      if (/^[A-Za-z0-9_-]{43}$/.test(value)) return value;
    }
  }
  return null;
}
