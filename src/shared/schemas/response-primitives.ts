/** The JSON primitives every answer schema is made of (./responses.ts and the files it re-exports). */
import { z } from "zod";

export const money = z
  .string()
  .regex(/^-?\d+(\.\d+)?$/)
  .describe("USD amount, a decimal string");
export const time = z.string().describe("ISO 8601 date-time");
export const id = z.string();
export const message = z.string();

/**
 * Names answer schemas for the OpenAPI document (src/server/rest/openapi.ts): a named schema is
 * written once under `components/schemas` (`Contest`, `Purchase`, …) and referenced with `$ref`
 * wherever an answer holds it. The name is zod metadata on that very schema object (as
 * `.meta({ id })` would give a copy), set apart from the definitions so they stay as they read.
 */
export function nameAnswers(names: Record<string, z.ZodType>): void {
  for (const [id, schema] of Object.entries(names)) z.globalRegistry.add(schema, { ...z.globalRegistry.get(schema), id });
}
