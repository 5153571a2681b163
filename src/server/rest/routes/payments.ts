import type { RestRoute } from "../types";

/** REST rows of SPEC.md section 7 for this area; added by its issue. */
export const paymentsRoutes: RestRoute[] = [];
