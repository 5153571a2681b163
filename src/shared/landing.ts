import { CONTEST_CATEGORIES } from "./constants";

/**
 * A visitor's "/" with a footer link's query (`?category=<key>` or `?support=1`) asks for a
 * signed-in screen: where to send them to sign in first, or null for the plain landing.
 * Used by src/proxy.ts (the landing itself is a static file) and by the signed-in home when its
 * session has ended (src/components/landing/VisitorLanding.tsx).
 */
export function landingSignInRedirect(category: unknown, support: unknown): string | null {
  const wanted =
    typeof category === "string" && (CONTEST_CATEGORIES as readonly string[]).includes(category)
      ? `/?category=${category}`
      : support === "1"
        ? "/?support=1"
        : null;
  return wanted ? `/login?next=${encodeURIComponent(wanted)}` : null;
}
