/**
 * Mechanical REST rows: a row that only maps its path, query and body onto its procedure's input
 * (as its `doc` declares: src/server/rest/types.ts) writes no `call`; this gives it one. Only rows
 * that shape an answer or a request beyond that (auth's `me` and login, a withdrawal's answer,
 * prizes, raw rows) write their own. tests/integration/openapi.test.ts calls every row through a
 * recording caller and holds each to its declared mapping.
 */
import { z } from "zod";
import { objectOf, pathParams, procedureInput } from "./input-mapping";
import type { Caller, RestArgs, RestDoc, RestRoute } from "./types";

/** A row as an area writes it: with its own `call` or `raw`, or mechanical (neither, a procedure named). */
export type RestRow =
  | RestRoute
  | (Omit<RestRoute, "call" | "raw" | "doc"> & { doc: RestDoc & { procedure: string }; call?: never; raw?: never });

type Procedure = (input?: unknown) => Promise<unknown>;

function procedureOf(caller: Caller, name: string): Procedure {
  // The caller is a proxy keyed by the dotted path ("admin.toggleAdmin").
  let at: unknown = caller;
  for (const part of name.split(".")) at = (at as Record<string, unknown>)[part];
  return at as Procedure;
}

/** Builds the input of a mechanical row, the mapping its doc declares (null: the procedure takes none). */
function inputMapper(row: RestRow): (args: RestArgs) => unknown {
  const { doc, path } = row;
  const procedure = doc.procedure as string;
  const params = pathParams(path).map((p) => [p, doc.params?.[p] ?? p] as const);
  const query = doc.query ?? [];
  const body = doc.body;
  if (body === "input" && params.length === 0 && query.length === 0) return (a) => a.body;
  if (!body && params.length === 0 && query.length === 0) return () => undefined;
  const input = procedureInput(procedure);
  const taken = new Set([...params.map(([, field]) => field), ...query]);
  // "rest": the input's own fields less the path's and query's; a union input (one of several
  // objects) takes the body whole, with the path fields laid over it.
  const restFields =
    body === "rest" && !(input instanceof z.ZodUnion)
      ? Object.keys(objectOf(input)?.shape ?? {}).filter((k) => !taken.has(k))
      : undefined;
  return (a) => {
    const out: Record<string, unknown> = {};
    if (body === "rest" && !restFields) Object.assign(out, a.body);
    for (const [param, field] of params) out[field] = a.params[param] ?? "";
    for (const q of query) {
      const value = a.query.get(q);
      if (value) out[q] = value;
    }
    if (restFields) for (const k of restFields) out[k] = a.body[k];
    else if (body && typeof body === "object") out[body.field] = a.body;
    return out;
  };
}

/** The row with its `call`: its own, or the one its doc declares. */
export function deriveRow(row: RestRow): RestRoute {
  if (row.call || row.raw) return row as RestRoute;
  const procedure = row.doc.procedure;
  let mapper: ((args: RestArgs) => unknown) | undefined;
  return {
    ...row,
    call: (caller, args) => {
      mapper ??= inputMapper(row); // on first use: the router is fully loaded by then
      const input = mapper(args);
      const fn = procedureOf(caller, procedure);
      return input === undefined ? fn() : fn(input);
    },
  } as RestRoute;
}
