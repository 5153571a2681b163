/**
 * `/api/metrics` is for the operator's scraper only: `Authorization: Bearer <METRICS_TOKEN>`.
 * Without the token, with a wrong one, or when METRICS_TOKEN is unset, the path answers 404 as if
 * it did not exist. Compared in constant time.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { getEnv } from "../platform/env";

const digest = (s: string) => createHash("sha256").update(s).digest();

export function metricsAuthorized(headers: Headers, token = getEnv().METRICS_TOKEN): boolean {
  if (!token) return false;
  const header = headers.get("authorization") ?? "";
  const match = /^Bearer\s+(\S+)$/i.exec(header.trim());
  if (!match?.[1]) return false;
  return timingSafeEqual(digest(match[1]), digest(token));
}
