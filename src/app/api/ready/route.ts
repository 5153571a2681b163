import { checkReadiness, noStoreJson } from "@/server/ops/health";
import { isDraining } from "@/server/platform/drain";

export const dynamic = "force-dynamic";

/**
 * Readiness: database reachable, migrations current, job queue running when present (docs/deploy.md).
 * From SIGTERM on, 503 at once without looking further: the load balancer stops sending work here
 * while the requests in flight finish (src/server/platform/shutdown.ts).
 */
export async function GET(): Promise<Response> {
  if (isDraining()) return noStoreJson({ status: "draining" }, 503);
  const r = await checkReadiness();
  // A SIGTERM that came while the checks ran (they wait on a busy database): the answer is the
  // drain's, not a "ready" the balancer would route by after this instance has stopped taking work.
  if (isDraining()) return noStoreJson({ status: "draining" }, 503);
  return noStoreJson({ status: r.ready ? "ready" : "not ready", checks: r.checks }, r.ready ? 200 : 503);
}
