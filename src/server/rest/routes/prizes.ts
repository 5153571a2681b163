import { z } from "zod";
import { adminPrizeOutput, prizeOutput } from "@/shared/schemas/responses";
import { callWithJson } from "../json-input";
import { PAGE_PARAMS, queryInput } from "../paging";
import type { RestRoute } from "../types";

export const prizesRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/api/user/prizes",
    doc: {
      output: z.array(prizeOutput),
      summary:
        "The player's prizes and their claim status, newest first (a page: ?limit, default 50, ?cursor = the last id seen)",
      access: "user",
      procedure: "prizes.mine",
      query: [...PAGE_PARAMS],
    },
    call: async (c, { query }) =>
      (await callWithJson(c.prizes.mine, queryInput(query))).map((p) => ({
        id: p.id,
        contestId: p.contestId,
        contestTitle: p.contestTitle,
        cashAlternative: p.cashAlternative,
        status: p.status,
        claimBy: p.claimBy,
      })),
  },
  {
    method: "POST",
    path: "/api/user/prizes/:id/claim",
    doc: {
      output: prizeOutput,
      summary: "Claim a prize: the cash alternative or delivery",
      access: "user",
      procedure: "prizes.claim",
      body: "rest",
    },
    call: (c, { params, body }) => callWithJson(c.prizes.claim, { ...body, id: params.id ?? "" }),
  },
  {
    method: "GET",
    path: "/api/admin/prizes",
    doc: {
      output: z.array(adminPrizeOutput),
      summary: "Prizes and their claim status",
      access: "admin",
      procedure: "prizes.adminList",
    },
    call: (c) => c.prizes.adminList(),
  },
  {
    method: "POST",
    path: "/api/admin/prizes/:id/status",
    doc: {
      output: prizeOutput,
      summary: "Mark a requested prize shipped or delivered",
      access: "admin",
      procedure: "prizes.setStatus",
      body: "rest",
    },
    call: (c, { params, body }) =>
      callWithJson(c.prizes.setStatus, { id: params.id ?? "", status: body.status, note: body.note }),
  },
];
