/**
 * How a REST row hands request JSON to a procedure. The JSON is untrusted and has no static type;
 * the procedure's own zod input schema parses it before anything runs (invalid input is a 400 naming
 * the field, tests/integration/bad-input.test.ts), so passing it on under the procedure's input type
 * is safe. This is the one place that says so, instead of a cast in every row.
 */
export function callWithJson<Input, Result>(procedure: (input: Input) => Result, json: Record<string, unknown>): Result {
  return procedure(json as Input);
}
