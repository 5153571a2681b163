/**
 * The primitives every answer schema is made of (./responses.ts and the files it re-exports). An
 * answer schema describes the value a service returns, so its inferred type (`z.output`) is the
 * service's return type: one source for both. A time is a `Date` there and an ISO 8601 string in
 * JSON (the OpenAPI document says `format: date-time`, src/server/rest/openapi.ts; superjson keeps it
 * a Date over tRPC).
 */
import { z } from "zod";

export const money = z
  .string()
  .regex(/^-?\d+(\.\d+)?$/)
  .describe("USD amount, a decimal string");
export const time = z.date().describe("ISO 8601 date-time");
/** A time that is text in the value itself too: part of a signed payload (src/shared/receipts.ts). */
export const timeText = z.string().describe("ISO 8601 date-time");
export const id = z.string();
export const message = z.string();
/** The player an admin answer names. */
export const userRef = z.object({ id, email: z.string(), firstName: z.string().nullable(), lastName: z.string().nullable() });

/**
 * Names answer schemas for the OpenAPI document (src/server/rest/openapi.ts): a named schema is
 * written once under `components/schemas` (`Contest`, `Purchase`, …) and referenced with `$ref`
 * wherever an answer holds it. The name is zod metadata on that very schema object (as
 * `.meta({ id })` would give a copy), set apart from the definitions so they stay as they read.
 */
export function nameAnswers(names: Record<string, z.ZodType>): void {
  for (const [id, schema] of Object.entries(names)) z.globalRegistry.add(schema, { ...z.globalRegistry.get(schema), id });
}
