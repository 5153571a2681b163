import { noStoreJson } from "@/server/ops/health";

export const dynamic = "force-dynamic";

/** Liveness: the process answers. No database work (docs/deploy.md). */
export function GET(): Response {
  return noStoreJson({ status: "ok", uptimeSeconds: Math.round(process.uptime()) });
}
