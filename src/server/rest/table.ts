/**
 * The one route table: every documented METHOD + path. Areas add rows in routes/<area>.ts; a row that
 * only maps path, query and body onto its procedure declares the mapping in its doc and writes no `call`.
 */
import "server-only";
import { adminRoutes } from "./routes/admin";
import { authRoutes } from "./routes/auth";
import { autoEntryRoutes } from "./routes/auto-entry";
import { cartRoutes } from "./routes/cart";
import { complaintsRoutes } from "./routes/complaints";
import { responsiblePlayRoutes } from "./routes/responsible-play";
import { contestRoutes } from "./routes/contests";
import { emailRoutes } from "./routes/email";
import { exportRoutes } from "./routes/exports";
import { identityRoutes } from "./routes/identity";
import { instantWinsRoutes } from "./routes/instant-wins";
import { notificationsRoutes } from "./routes/notifications";
import { paymentsRoutes } from "./routes/payments";
import { pickingRoutes } from "./routes/picking";
import { pricingRoutes } from "./routes/pricing";
import { pushRoutes } from "./routes/push";
import { proofsRoutes } from "./routes/proofs";
import { receiptsRoutes } from "./routes/receipts";
import { supportRoutes } from "./routes/support";
import { prizesRoutes } from "./routes/prizes";
import { retentionRoutes } from "./routes/retention";
import { reviewRoutes } from "./routes/review";
import { saferPlayRoutes } from "./routes/safer-play";
import { wheelRoutes } from "./routes/wheel";
import { withdrawalsRoutes } from "./routes/withdrawals";
import { deriveRow } from "./derive";
import type { HttpMethod, RestRoute } from "./types";

/** Every row with its `call` (mechanical rows get theirs from their doc: src/server/rest/derive.ts). */
export const restRoutes: RestRoute[] = [
  ...authRoutes,
  ...contestRoutes,
  ...cartRoutes,
  ...responsiblePlayRoutes,
  ...saferPlayRoutes,
  ...paymentsRoutes,
  ...wheelRoutes,
  ...notificationsRoutes,
  ...supportRoutes,
  ...adminRoutes,
  ...withdrawalsRoutes,
  ...identityRoutes,
  ...reviewRoutes,
  ...prizesRoutes,
  ...complaintsRoutes,
  ...emailRoutes,
  ...exportRoutes,
  ...pickingRoutes,
  ...instantWinsRoutes,
  ...pricingRoutes,
  ...receiptsRoutes,
  ...proofsRoutes,
  ...pushRoutes,
  ...retentionRoutes,
  ...autoEntryRoutes,
].map(deriveRow);

type Compiled = { route: RestRoute; pattern: RegExp; keys: string[] };

function compile(route: RestRoute): Compiled {
  const keys: string[] = [];
  const source = route.path
    .split("/")
    .map((seg) => {
      if (seg.startsWith(":")) {
        keys.push(seg.slice(1));
        return "([^/]+)";
      }
      return seg.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    })
    .join("/");
  return { route, pattern: new RegExp(`^${source}/?$`), keys };
}

// Literal segments win over parameters (e.g. /mark-all-read before /:id/read).
const compiled = restRoutes.map(compile).sort((a, b) => a.keys.length - b.keys.length);

export type RouteMatch =
  | { kind: "found"; route: RestRoute; params: Record<string, string> }
  | { kind: "method-not-allowed"; allowed: HttpMethod[] }
  | { kind: "malformed-path"; message: string }
  | { kind: "not-found" };

export function matchRoute(method: string, pathname: string): RouteMatch {
  const allowed: HttpMethod[] = [];
  for (const c of compiled) {
    const m = c.pattern.exec(pathname);
    if (!m) continue;
    if (c.route.method !== method) {
      allowed.push(c.route.method);
      continue;
    }
    const params: Record<string, string> = {};
    try {
      c.keys.forEach((k, i) => {
        params[k] = decodeURIComponent(m[i + 1] ?? "");
      });
    } catch {
      // A broken percent-escape (e.g. "%E0%A4%A") in a parameter: bad input, not a server error.
      return { kind: "malformed-path", message: "Malformed URL path" };
    }
    // PostgreSQL cannot hold U+0000 in text (error 22021): refused here, as the tRPC middleware
    // refuses it in inputs, so that no route (the cached reads skip tRPC) passes it to a query.
    if (Object.values(params).some((v) => v.includes("\u0000"))) {
      return { kind: "malformed-path", message: "URL path must not contain NUL (%00)" };
    }
    return { kind: "found", route: c.route, params };
  }
  return allowed.length ? { kind: "method-not-allowed", allowed } : { kind: "not-found" };
}
