import { adminInstantPrizesOutput, instantWinsRecordOutput } from "@/shared/schemas/responses";
import type { RestRow } from "../derive";

/** Instant wins (docs/contests.md "Instant wins"): the public record and the admin's prize list. */
export const instantWinsRoutes: RestRow[] = [
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
  },
  {
    method: "PUT",
    path: "/api/admin/contests/:contestId/instant-prizes",
    doc: {
      errors: { 409: "Tickets are sold already, or the contest is not active" },
      output: adminInstantPrizesOutput,
      summary: "Set (replace) a contest's instant prizes and commit a new map; only while no ticket is sold ([] removes them)",
      access: "admin",
      procedure: "instantWins.set",
      body: "rest",
    },
  },
];
