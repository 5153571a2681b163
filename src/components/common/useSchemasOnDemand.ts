"use client";

import { schemaResolver } from "@mantine/form";
import { type FormEvent, useCallback, useRef } from "react";
import type { z } from "zod";

/**
 * A form's schema module loaded when the visitor first touches the form, not with the page: zod is
 * about 27 KB of compressed script that a slow phone would compile before the page answers a tap,
 * for a form most loads never validate (docs/performance.md "First load").
 *
 * `preload` (the form's onFocus and onPointerDown) starts the import; `load` awaits it (submit);
 * `current` is the module once it arrived, else null: validation on blur before then is skipped,
 * and submit validates after `load`. A failed import can be retried. `resolver` and `formProps` are
 * the two halves every such form uses: its `validate`, and its <form>'s focus, pointer and submit.
 */
export function useSchemasOnDemand<M>(importModule: () => Promise<M>) {
  const loaded = useRef<M | null>(null);
  const pending = useRef<Promise<M> | null>(null);
  // `importModule` is a module-level `() => import(...)`: one per form, never changing.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  const load = useCallback((): Promise<M> => {
    pending.current ??= importModule().then(
      (m) => {
        loaded.current = m;
        return m;
      },
      (e: unknown) => {
        pending.current = null;
        throw e;
      },
    );
    return pending.current;
  }, []);
  const preload = useCallback(() => void load().catch(() => undefined), [load]);
  const current = useCallback(() => loaded.current, []);
  /** A form's `validate`: the picked schema's, once the module has arrived; nothing before. */
  const resolver =
    // The form's values, not the schema's output: a form may hold what the schema refuses (an unpicked null).
      (pick: (m: M) => z.ZodType) =>
      <V extends object>(values: V) => {
        const m = loaded.current;
        return m ? schemaResolver(pick(m), { sync: true })(values as Record<string, unknown>) : {};
      };
  /** A <form>'s props: the module loads on its first focus or touch, and submit waits for it. */
  const formProps = (submit: (m: M) => void) => ({
    onFocus: preload,
    onPointerDown: preload,
    onSubmit: async (e: FormEvent) => {
      e.preventDefault();
      submit(await load());
    },
  });
  return { current, load, preload, resolver, formProps };
}
