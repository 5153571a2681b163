"use client";

import { useQuery } from "@tanstack/react-query";
import { useCallback } from "react";
import type { StaffRole } from "@/shared/staff";
import { trpc } from "@/trpc/react";

/**
 * What the signed-in staff member may call, as the server's role matrix says
 * (src/server/api/privileged.ts, `auth.staffAccess`): the dashboard shows a tab or a button only
 * when `can` its procedure. The server refuses everything else anyway (403).
 */
export function useStaffAccess(ask = true): {
  role: StaffRole | null;
  can: (key: string) => boolean;
  loading: boolean;
} {
  const query = useQuery(trpc.auth.staffAccess.queryOptions(undefined, { staleTime: 60_000, enabled: ask }));
  const allowed = query.data?.allowed;
  const can = useCallback((key: string) => Boolean(allowed?.includes(key)), [allowed]);
  return { role: query.data?.role ?? null, can, loading: ask && query.isPending };
}
