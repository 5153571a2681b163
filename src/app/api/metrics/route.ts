import { metricsAuthorized } from "@/server/ops/metrics-auth";
import { renderMetrics } from "@/server/ops/metrics";

export const dynamic = "force-dynamic";

/** Prometheus scrape (src/server/ops/metrics.ts); 404 unless the Bearer token is METRICS_TOKEN. */
export async function GET(req: Request): Promise<Response> {
  if (!metricsAuthorized(req.headers)) {
    return new Response(JSON.stringify({ message: "Not found: GET /api/metrics" }), {
      status: 404,
      headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" },
    });
  }
  const { contentType, body } = await renderMetrics();
  return new Response(body, { headers: { "content-type": contentType, "cache-control": "no-store" } });
}
