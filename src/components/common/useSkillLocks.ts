"use client";

import { useQuery } from "@tanstack/react-query";
import { trpc } from "@/trpc/react";
import { useCurrentUser } from "./useCurrentUser";

/**
 * The contests (of `contestIds`) whose skill question this player may not answer now, after a wrong
 * answer, with when it opens again (src/server/services/checkout/skill-question.ts `skillLocks`). The
 * cart marks those lines and leaves them out of checkout; the contest page says until when.
 */
export function useSkillLocks(contestIds: readonly string[]): Map<string, Date> {
  const { user } = useCurrentUser();
  const ids = [...new Set(contestIds)].sort().slice(0, 100);
  const locks = useQuery(
    trpc.cart.skillLocks.queryOptions({ contestIds: ids }, { enabled: Boolean(user) && ids.length > 0, staleTime: 30_000 }),
  ).data;
  const now = Date.now();
  return new Map(
    (user ? (locks ?? []) : []).filter((l) => new Date(l.until).getTime() > now).map((l) => [l.contestId, new Date(l.until)]),
  );
}
