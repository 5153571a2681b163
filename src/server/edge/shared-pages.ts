/**
 * The pages the fast path keeps in memory and serves to many users (src/server/edge/fast-path.ts), and
 * the two guarantees a kept render must carry before it is stored:
 *
 * - **rendered without identity**: the route it comes from never sees a cookie or a personal
 *   header. src/proxy.ts strips IDENTITY_HEADERS from every request to a shared route before Next
 *   renders it, and says so on the answer (IDENTITY_FREE_HEADER). The players' home and contest
 *   pages have routes of their own for this (src/app/shell/): they read only public data; the
 *   player's name, balance, cart, notifications and limits load in the browser.
 * - **positively the page it is meant to be**: the route itself writes its marker
 *   (`<meta name="prize-shared-page" content="<key>">`, from `sharedPageMetadata`) and the render
 *   is kept only when the marker names the page asked for. A landing page, a sign-in redirect, an
 *   error page or any other answer lacks it, whatever happened between the session check and the
 *   render (a logout at that moment, say).
 *
 * Pure: imported by the proxy, the fast path and the shared routes.
 */

/** The meta tag name of the marker a shared route writes. */
export const SHARED_PAGE_META = "prize-shared-page";

/** Response header the proxy sets on a shared route's answer: the render saw no identity. */
export const IDENTITY_FREE_HEADER = "x-prize-identity";
export const IDENTITY_FREE_VALUE = "none";

/** A request carrying this header is the fast path's own render of a kept page (src/server/edge/server.mjs sends it on to Next). */
export const RENDER_BYPASS_HEADER = "x-fast-path-render";

const RENDER_TOKEN_ENV = "PRIZE_FAST_PATH_RENDER_TOKEN";
/**
 * The value of RENDER_BYPASS_HEADER: random per process, in the environment (src/server/edge/server.mjs sets
 * it before Next loads, so the fast path and src/proxy.ts read the same value however Next runs the
 * proxy; made here when absent). A caller outside the process cannot guess it, so nobody else reaches
 * the players' shells without signing in.
 */
export function renderToken(): string {
  let token = process.env[RENDER_TOKEN_ENV];
  if (!token) {
    const bytes = new Uint8Array(24);
    crypto.getRandomValues(bytes);
    token = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
    process.env[RENDER_TOKEN_ENV] = token;
  }
  return token;
}

/** The shells' own paths: reached only through the fast path's rewrite, never asked for directly. */
export function isShellPath(pathname: string): boolean {
  return pathname === "/shell" || pathname.startsWith("/shell/");
}

/**
 * Request headers a shared route never sees: who the caller is (cookies, credentials) and where
 * they are (addresses). Next's own routing headers (rsc, next-router-*) stay.
 */
export const IDENTITY_HEADERS = [
  "cookie",
  "authorization",
  "proxy-authorization",
  "forwarded",
  "x-forwarded-for",
  "x-real-ip",
  "x-request-id",
  "x-csrf-token",
] as const;

const ID = "[A-Za-z0-9_-]{1,64}";
const SHELL_CONTEST = new RegExp(`^/shell/contest/(${ID})$`);
const PLAYER_CONTEST = new RegExp(`^/contest/(${ID})$`);

/** The key of the shared route at `pathname` (what its marker says), or null for any other route. */
export function sharedRouteKey(pathname: string): string | null {
  if (pathname === "/winners") return "winners";
  if (pathname === "/shell/home") return "home";
  const id = SHELL_CONTEST.exec(pathname)?.[1];
  return id ? `contest:${id}` : null;
}

/**
 * Where the fast path's render of a player's page goes: "/" → the home shell, "/contest/<id>" →
 * that contest's shell (a rewrite: the URL the browser keeps is the player's own). Null: not a
 * player's page kept in memory.
 */
export function playerShellOf(pathname: string): { route: string; key: string } | null {
  if (pathname === "/") return { route: "/shell/home", key: "home" };
  const id = PLAYER_CONTEST.exec(pathname)?.[1];
  return id ? { route: `/shell/contest/${id}`, key: `contest:${id}` } : null;
}

/** The `metadata.other` entry a shared route exports: its marker. */
export function sharedPageMetadata(key: string): Record<string, string> {
  return { [SHARED_PAGE_META]: key };
}

/** Whether `html` carries the marker of `key` (React writes the meta tag; page text cannot, it escapes "<"). */
export function hasSharedPageMarker(html: string, key: string): boolean {
  return html.includes(`<meta name="${SHARED_PAGE_META}" content="${key}"/>`);
}
