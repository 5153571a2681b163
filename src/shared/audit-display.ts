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

/** "status: pending → approved, endDate: none → Nov 26, 2026, 8:46 AM UTC": the fields an entry changed. */
export function auditChanges(before: unknown, after: unknown, timeZone: string): string {
  const b = (before && typeof before === "object" ? before : {}) as Record<string, unknown>;
  const a = (after && typeof after === "object" ? after : {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  const present = (o: Record<string, unknown>, k: string) => o[k] !== undefined;
  return keys
    .filter((k) => JSON.stringify(b[k] ?? null) !== JSON.stringify(a[k] ?? null))
    .map((k) =>
      present(b, k) && present(a, k)
        ? `${k}: ${auditValue(b[k], timeZone)} → ${auditValue(a[k], timeZone)}`
        : present(a, k)
          ? `${k}: ${auditValue(a[k], timeZone)}`
          : `${k}: ${auditValue(b[k], timeZone)} → none`,
    )
    .join(", ");
}
