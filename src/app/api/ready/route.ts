import { checkReadiness, noStoreJson } from "@/server/ops/health";

export const dynamic = "force-dynamic";

/** Readiness: database reachable, migrations current, job queue running when present (docs/deploy.md). */
export async function GET(): Promise<Response> {
  const r = await checkReadiness();
  return noStoreJson({ status: r.ready ? "ready" : "not ready", checks: r.checks }, r.ready ? 200 : 503);
}
