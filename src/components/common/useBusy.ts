"use client";

import { useState } from "react";

/** A button's loading flag: `whileBusy(step)` holds it on while the step runs, and off again even when it throws. */
export function useBusy(): [busy: boolean, whileBusy: (step: () => Promise<void>) => Promise<void>] {
  const [busy, setBusy] = useState(false);
  const whileBusy = async (step: () => Promise<void>) => {
    setBusy(true);
    try {
      await step();
    } finally {
      setBusy(false);
    }
  };
  return [busy, whileBusy];
}
