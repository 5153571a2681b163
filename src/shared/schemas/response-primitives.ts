/** The JSON primitives every answer schema is made of (./responses.ts and the files it re-exports). */
import { z } from "zod";

export const money = z
  .string()
  .regex(/^-?\d+(\.\d+)?$/)
  .describe("USD amount, a decimal string");
export const time = z.string().describe("ISO 8601 date-time");
export const id = z.string();
export const message = z.string();
