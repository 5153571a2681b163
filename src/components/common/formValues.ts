/**
 * Form values from a record being edited, or a blank form when there is none: each named field as
 * it is, "" where the record or the value is missing (Mantine inputs take "" for empty).
 */
export function formValues<R extends object, K extends keyof R>(
  row: R | null | undefined,
  keys: readonly K[],
): { [P in K]: NonNullable<R[P]> | "" } {
  return Object.fromEntries(keys.map((k) => [k, row?.[k] ?? ""])) as { [P in K]: NonNullable<R[P]> | "" };
}
