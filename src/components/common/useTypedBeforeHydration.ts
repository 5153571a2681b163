"use client";

import { type RefObject, useEffect, useRef } from "react";

/** What is used of a Mantine form (any form's values: the paths are read from the inputs' `data-path`). */
type FormFields = { getValues: () => object; setFieldValue: (path: never, value: never) => void };

/**
 * Give to `useForm` as `enhanceGetInputProps`: each field's input carries its path in `data-path`,
 * which `useTypedBeforeHydration` reads. Not `name`: a form submitted before its code arrives is
 * submitted by the browser, as a GET, and named inputs would put the password in the address.
 */
export const markInputsByPath = ({ field }: { field: unknown }) => ({ "data-path": String(field) });

/**
 * What was typed into a server-rendered form before its code arrived (a quick typist on a slow phone,
 * a browser or password manager filling it on load) is in the inputs but not in the form's state:
 * React keeps the text on screen when it hydrates, fires no change for it, and the form then refuses
 * "Please enter a valid email address" beside the address on screen. After hydrating, this copies
 * each marked input's text (or a checkbox's tick) into the form, once. Attach the ref to the <form>
 * and mark the inputs with `markInputsByPath`. Top-level string and boolean fields only (a select's
 * pick is a string).
 */
export function useTypedBeforeHydration(form: FormFields) {
  const ref = useRef<HTMLFormElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, right after hydration
  useEffect(() => {
    const values = form.getValues() as Record<string, unknown>;
    for (const el of Array.from(ref.current?.elements ?? [])) {
      if (!(el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement)) continue;
      const path = el.dataset.path;
      if (!path || !Object.hasOwn(values, path)) continue;
      const current = values[path];
      if (el instanceof HTMLSelectElement) {
        // A select picked before hydration (its field starts empty: null or "").
        if (el.value && el.value !== current) form.setFieldValue(path as never, el.value as never);
      } else if (el instanceof HTMLInputElement && el.type === "checkbox") {
        if (typeof current === "boolean" && el.checked !== current) form.setFieldValue(path as never, el.checked as never);
      } else if (typeof current === "string" && el.value !== current) form.setFieldValue(path as never, el.value as never);
    }
  }, []);
  return ref;
}

/**
 * The same for one controlled field outside a Mantine form (a quantity, a pasted receipt): after
 * hydrating, `adopt` gets the text typed into it before, when it differs from `current`.
 */
export function useFieldTypedBeforeHydration(
  ref: RefObject<HTMLInputElement | HTMLTextAreaElement | null>,
  current: string,
  adopt: (typed: string) => void,
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, right after hydration
  useEffect(() => {
    const typed = ref.current?.value;
    if (typed !== undefined && typed !== current) adopt(typed);
  }, []);
}
