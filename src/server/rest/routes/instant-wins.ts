import { adminInstantPrizesOutput, instantWinsRecordOutput } from "@/shared/schemas/responses";
import { callWithJson } from "../json-input";
import type { RestRoute } from "../types";

/** Instant wins (docs/contests.md "Instant wins"): the public record and the admin's prize list. */
export const instantWinsRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/api/contests/:id/instant-wins",
    doc: {
      output: instantWinsRecordOutput,
      summary:
        "Instant prizes of a contest: the prize list, seedHash and mapHash, prizes left; after the end the seed and every winning ticket",
      access: "public",
      procedure: "instantWins.record",
    },
    call: (c, { params }) => callWithJson(c.instantWins.record, { id: params.id ?? "" }),
  },
  {
    method: "GET",
    path: "/api/admin/contests/:contestId/instant-prizes",
    doc: {
      output: adminInstantPrizesOutput,
      summary: "A contest's instant prizes, how many are left and who won them",
      access: "admin",
      procedure: "instantWins.adminList",
    },
    call: (c, { params }) => callWithJson(c.instantWins.adminList, { contestId: params.contestId ?? "" }),
  },
  {
    method: "PUT",
    path: "/api/admin/contests/:contestId/instant-prizes",
    doc: {
      output: adminInstantPrizesOutput,
      summary: "Set (replace) a contest's instant prizes and commit a new map; only while no ticket is sold ([] removes them)",
      access: "admin",
      procedure: "instantWins.set",
      body: "rest",
    },
    call: (c, { params, body }) => callWithJson(c.instantWins.set, { contestId: params.contestId ?? "", prizes: body.prizes }),
  },
];
