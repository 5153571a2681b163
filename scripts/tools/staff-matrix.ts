/**
 * Prints the staff role matrix (src/server/api/privileged.ts) as the Markdown table docs/admin.md
 * carries between its "staff-matrix" markers; tests/unit/staff-matrix-docs.test.ts keeps the two equal.
 *   npx tsx scripts/tools/staff-matrix.ts
 */
import {
  PRIVILEGED_ADMIN_ACTIONS,
  PRIVILEGED_ADMIN_READS,
  roleMayCall,
  SECOND_FACTOR_EXEMPT,
} from "../../src/server/api/privileged";
import { STAFF_ROLES } from "../../src/shared/staff";

export function staffMatrixMarkdown(): string {
  const keys = [
    ...Object.keys(PRIVILEGED_ADMIN_ACTIONS),
    ...Object.keys(PRIVILEGED_ADMIN_READS),
    ...Object.keys(SECOND_FACTOR_EXEMPT),
  ].sort();
  const head = `| Procedure or REST row | ${STAFF_ROLES.join(" | ")} |`;
  const rule = `|---|${STAFF_ROLES.map(() => ":-:").join("|")}|`;
  const rows = keys.map((k) => `| \`${k}\` | ${STAFF_ROLES.map((r) => (roleMayCall(r, k) ? "✓" : "")).join(" | ")} |`);
  return [head, rule, ...rows].join("\n");
}

if (process.argv[1]?.endsWith("staff-matrix.ts")) console.log(staffMatrixMarkdown());
