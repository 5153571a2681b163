import { buildInfo } from "@/server/ops/build-info";
import { noStoreJson } from "@/server/ops/health";

export const dynamic = "force-dynamic";

/** Liveness: the process answers, and which build it is. No database work (docs/deploy.md). */
export function GET(): Response {
  const { version, commit } = buildInfo();
  return noStoreJson({ status: "ok", version, commit, uptimeSeconds: Math.round(process.uptime()) });
}
