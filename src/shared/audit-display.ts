/** How the admin Audit tab prints what an entry changed (src/components/admin/AuditTab.tsx). */
import { formatDateTime } from "./format";

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** One value: none for null or absent (never "undefined"), instants in the admin's zone, objects as JSON. */
export function auditValue(value: unknown, timeZone: string): string {
  if (value === null || value === undefined || value === "") return "none";
  if (value instanceof Date) return formatDateTime(value, timeZone);
  if (typeof value === "string") return ISO_INSTANT.test(value) ? formatDateTime(value, timeZone) : value;
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/**
 * "status: pending → approved, endDate: none → Nov 26, 2026, 8:46 AM UTC": the fields an entry changed.
 * An entry's `after` records what the action set (a field cleared is there as null); a field only in
 * `before` is context the action did not touch (the amount of an approved payment), not a change to
 * "none", so it is left out.
 */
export function auditChanges(before: unknown, after: unknown, timeZone: string): string {
  const b = (before && typeof before === "object" ? before : {}) as Record<string, unknown>;
  const a = (after && typeof after === "object" ? after : {}) as Record<string, unknown>;
  const present = (o: Record<string, unknown>, k: string) => o[k] !== undefined;
  return Object.keys(a)
    .filter((k) => present(a, k) && JSON.stringify(b[k] ?? null) !== JSON.stringify(a[k] ?? null))
    .map((k) =>
      present(b, k)
        ? `${k}: ${auditValue(b[k], timeZone)} → ${auditValue(a[k], timeZone)}`
        : `${k}: ${auditValue(a[k], timeZone)}`,
    )
    .join(", ");
}
