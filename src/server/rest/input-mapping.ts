/**
 * How a REST row's request becomes its procedure's input, read from the row's `doc` (path
 * parameters, query parameters, and the body: the whole input, one field, or the rest) and the
 * procedure's zod input. The OpenAPI document (src/server/rest/openapi.ts) documents a row with
 * these, and a row without its own `call` is called through them (src/server/rest/derive.ts), so
 * the document and the mapping cannot disagree.
 */
import { z } from "zod";
import { appRouter } from "../api/root";
import type { RestRoute } from "./types";

type AnyZod = z.ZodType;

/** The procedure's zod input (the first `.input()`), or undefined for a procedure without one. */
export function procedureInput(name: string): AnyZod | undefined {
  // At run time the record is flat, keyed by the dotted path ("admin.toggleAdmin").
  const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { inputs: unknown[] } } | undefined>;
  const procedure = procedures[name];
  if (!procedure) throw new Error(`OpenAPI: no procedure named ${name}`);
  return procedure._def.inputs[0] as AnyZod | undefined;
}

/** The object schema under optional/nullable/default wrappers, when the input is an object. */
export function objectOf(schema: AnyZod | undefined): z.ZodObject | undefined {
  let s: unknown = schema;
  for (let i = 0; i < 5 && s; i++) {
    if (s instanceof z.ZodObject) return s;
    if (s instanceof z.ZodOptional || s instanceof z.ZodNullable || s instanceof z.ZodDefault) s = s.unwrap();
    else if (s instanceof z.ZodPipe) s = s.in;
    else return undefined;
  }
  return undefined;
}

export function pathParams(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1] as string);
}

/** The zod schema of a row's JSON body, from its procedure's input and `doc.body`. */
export function requestBodySchema(route: RestRoute): AnyZod | undefined {
  const { doc } = route;
  if (!doc.body || !doc.procedure) return undefined;
  const input = procedureInput(doc.procedure);
  if (!input) throw new Error(`OpenAPI: ${route.method} ${route.path} declares a body but ${doc.procedure} has no input`);
  if (doc.body === "input") return input;
  const taken = [...pathParams(route.path).map((p) => doc.params?.[p] ?? p), ...(doc.query ?? [])];
  const omitTaken = (o: z.ZodObject) => o.omit(Object.fromEntries(taken.map((k) => [k, true])) as never);
  const obj = objectOf(input);
  // A union of objects (e.g. a prize claim: cash or delivery): the body is one of them, less the path fields.
  if (!obj && doc.body === "rest" && input instanceof z.ZodUnion) {
    const options = input.options.map((o) => objectOf(o as AnyZod));
    if (options.every((o): o is z.ZodObject => o !== undefined)) return z.union(options.map(omitTaken));
  }
  if (!obj) throw new Error(`OpenAPI: ${doc.procedure}'s input is not an object`);
  if (doc.body === "rest") return omitTaken(obj);
  const field = obj.shape[doc.body.field] as AnyZod | undefined;
  if (!field) throw new Error(`OpenAPI: ${doc.procedure}'s input has no field ${doc.body.field}`);
  return field;
}
