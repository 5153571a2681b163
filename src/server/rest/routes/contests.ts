import { z } from "zod";
import { contestOutput, drawRecordOutput, winnerPostOutput } from "@/shared/schemas/responses";
import { contestIdSchema } from "@/shared/schemas/contests";
import type { RestRoute } from "../types";

export const contestRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/api/contests",
    doc: { output: z.array(contestOutput), summary: "Active contests", access: "public", procedure: "contests.list" },
    call: (c) => c.contests.list(),
    cached: (reads) => reads.contestList(),
  },
  {
    method: "GET",
    path: "/api/contests/:id",
    doc: { output: contestOutput, summary: "One contest", access: "public", procedure: "contests.byId" },
    call: (c, { params }) => c.contests.byId({ id: params.id ?? "" }),
    cached: (reads, { params }) => reads.contest(contestIdSchema.parse({ id: params.id ?? "" }).id),
  },
  {
    method: "GET",
    path: "/api/contests/:id/draw",
    doc: {
      output: drawRecordOutput,
      summary: "The public draw record of a contest",
      access: "public",
      procedure: "contests.drawRecord",
    },
    call: (c, { params }) => c.contests.drawRecord({ id: params.id ?? "" }),
  },
  {
    method: "GET",
    path: "/api/winner-posts",
    doc: {
      output: z.array(winnerPostOutput),
      summary: "Published winner posts",
      access: "public",
      procedure: "contests.publishedWinners",
    },
    call: (c) => c.contests.publishedWinners(),
    cached: (reads) => reads.winnerPosts(),
  },
];
