/** Types of src/server/security/base-headers.mjs. */

/** Whether this is a production build (NODE_ENV) and the HSTS setting (src/server/platform/env.ts). */
export type HstsSetting = { production: boolean; hsts: boolean };

/** HSTS only in production, unless HSTS=false (plain-HTTP runs beyond localhost). */
export function hstsEnabled(env: HstsSetting): boolean;

/** The headers every answer carries (pages and API), CSP aside. */
export function baseSecurityHeaders(env: HstsSetting): Record<string, string>;
