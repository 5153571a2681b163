/**
 * `POST /api/client-errors`: a browser's uncaught error (src/components/common/browserErrors.ts),
 * logged with this request's id and forwarded to SENTRY_DSN's endpoint when one is set
 * (src/server/ops/error-reports.ts). Same-site JSON only, 16 KB at most, at most
 * REPORTS_PER_MINUTE per client address and instance; answers 204 (nothing to read back).
 */
import { z } from "zod";
import { clientIp } from "@/server/api/context";
import { reportBrowserError, scrubText } from "@/server/ops/error-reports";
import { withRequestLog } from "@/server/ops/request-log";
import { logger } from "@/server/platform/logger";
import { BODY_LIMITS, readBodyText } from "@/server/security/body-limit";
import { hasNonJsonBody, isCrossSiteRequest } from "@/server/security/csrf";

export const dynamic = "force-dynamic";

const reportSchema = z.object({
  name: z.string().min(1).max(200),
  message: z.string().max(2000),
  stack: z.string().max(8000).optional(),
  path: z.string().startsWith("/").max(500),
});

const REPORTS_PER_MINUTE = 20;
/** Reports per client address in the current minute (this instance; forgotten each minute). */
let window = { minute: 0, counts: new Map<string, number>() };

function overBudget(ip: string): boolean {
  const minute = Math.floor(Date.now() / 60_000);
  if (window.minute !== minute) window = { minute, counts: new Map() };
  const n = (window.counts.get(ip) ?? 0) + 1;
  window.counts.set(ip, n);
  return n > REPORTS_PER_MINUTE;
}

const answer = (status: number, message?: string) =>
  message === undefined
    ? new Response(null, { status, headers: { "cache-control": "no-store" } })
    : Response.json({ message }, { status, headers: { "cache-control": "no-store" } });

export function POST(req: Request): Promise<Response> {
  return withRequestLog(req, async (info) => {
    info.route = "/api/client-errors";
    if (isCrossSiteRequest(req.headers)) return answer(403, "Cross-site request refused");
    if (hasNonJsonBody(req.headers)) return answer(415, "Content-Type must be application/json");
    if (overBudget(clientIp(req.headers))) return answer(429, "Too many error reports");
    const body = await readBodyText(req, BODY_LIMITS.clientError);
    if (!body.ok) return answer(body.status, body.message);
    let parsed: z.infer<typeof reportSchema>;
    try {
      parsed = reportSchema.parse(JSON.parse(body.text));
    } catch {
      return answer(400, "Malformed error report");
    }
    // The path only: a query could carry a token (a reset link) or an e-mail address.
    const path = parsed.path.split(/[?#]/)[0] ?? "/";
    logger.warn({ requestId: info.requestId, path, error: `${parsed.name}: ${scrubText(parsed.message)}` }, "browser error");
    reportBrowserError({ ...parsed, path }, { requestId: info.requestId, route: path });
    return answer(204);
  });
}
