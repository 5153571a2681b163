"use client";

import { type Dispatch, type SetStateAction, useState } from "react";

/**
 * A form's draft, filled from what the server holds: again when that value changes, and not when a
 * refetch (a window refocus, a live update) brings the same value back. Dates make every refetched
 * answer a new object, so a draft refilled on each new object lost an edit in progress.
 * `server` is undefined until the query has answered; `empty` is the draft until then.
 */
export function useServerDraft<D>(server: D | undefined, empty: D): [D, Dispatch<SetStateAction<D>>] {
  const [draft, setDraft] = useState<D>(server ?? empty);
  const key = server === undefined ? undefined : JSON.stringify(server);
  const [filledFrom, setFilledFrom] = useState(key);
  if (key !== filledFrom) {
    // Adjusting state while rendering (React's pattern for state derived from a changed prop).
    setFilledFrom(key);
    if (server !== undefined) setDraft(server);
  }
  return [draft, setDraft];
}
