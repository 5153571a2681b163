import { z } from "zod";
import { contestOutput, drawProofOutput, drawRecordOutput, liveDrawsOutput, winnerPostOutput } from "@/shared/schemas/responses";
import { contestIdSchema, contestListInputSchema } from "@/shared/schemas/contests";
import { publicEntryFile } from "../../services/draws";
import { callWithJson } from "../json-input";
import { publicFileResponse } from "../public-file";
import { PAGE_PARAMS } from "../paging";
import type { RestRow } from "../derive";

export const contestRoutes: RestRow[] = [
  {
    method: "GET",
    path: "/api/contests",
    doc: {
      output: z.array(contestOutput),
      summary: "Active contests, newest first (all of them; a page with ?limit, at most 100, ?cursor = the last id seen)",
      access: "public",
      procedure: "contests.list",
      query: ["category", ...PAGE_PARAMS],
    },
    // ?category is answered from the cache too (one cached list per category); pages go to the procedure.
    cached: (reads, { query }) =>
      reads.contestList(contestListInputSchema.parse({ category: query.get("category") ?? undefined })?.category),
  },
  {
    method: "GET",
    path: "/api/contests/:id",
    doc: { output: contestOutput, summary: "One contest", access: "public", procedure: "contests.byId" },
    cached: (reads, { params }) => reads.contest(contestIdSchema.parse({ id: params.id ?? "" }).id),
  },
  {
    method: "GET",
    path: "/api/contests/:id/draw",
    doc: {
      output: drawRecordOutput,
      summary: "The public draw record of a contest (summary, winning entry, one page of 1,000 entries)",
      access: "public",
      procedure: "contests.drawRecord",
      query: ["cursor", "limit", "ticket"],
    },
    call: (c, { params, query }) =>
      callWithJson(c.contests.drawRecord, {
        id: params.id ?? "",
        ...Object.fromEntries(["cursor", "limit", "ticket"].flatMap((k) => (query.get(k) ? [[k, query.get(k)]] : []))),
      }),
  },
  {
    method: "GET",
    path: "/api/contests/:id/draw/entries",
    doc: {
      errors: { 409: "Sales are not closed yet: the entry list is published when they close" },
      summary:
        "The contest's whole entry list as the text entriesHash is the SHA-256 of (stored once sales close: gzip when accepted, ETag and 304)",
      access: "public",
      response: {
        status: 200,
        contentType: "text/plain",
        description: "`first-last:entryId` lines by first ticket, joined by a newline",
      },
    },
    // Stored once per close, compressed, with an ETag (src/server/services/draws/public-files.ts).
    raw: async (req, { params, ctx }) => {
      const { id } = contestIdSchema.parse({ id: params.id ?? "" });
      const file = await publicEntryFile(ctx.db, id, "entries");
      return publicFileResponse(req, file, `entries-${id.replace(/[^A-Za-z0-9_-]/g, "")}.txt`);
    },
  },
  {
    method: "GET",
    path: "/api/contests/:id/draw/free-entries",
    doc: {
      summary:
        "The free entries (postal and online) of the contest's entry list, published with it after sales close (stored: gzip when accepted, ETag and 304)",
      access: "public",
      errors: { 409: "Sales are not closed yet: the list is published when they close" },
      response: {
        status: 200,
        contentType: "text/plain",
        description:
          "`first-last:entryId:postal|online` lines by first ticket, joined by a newline; each line is also a line of the entry list",
      },
    },
    raw: async (req, { params, ctx }) => {
      const { id } = contestIdSchema.parse({ id: params.id ?? "" });
      const file = await publicEntryFile(ctx.db, id, "free-entries");
      return publicFileResponse(req, file, `free-entries-${id.replace(/[^A-Za-z0-9_-]/g, "")}.txt`);
    },
  },
  {
    method: "GET",
    path: "/api/contests/:id/draw/proof",
    doc: {
      output: drawProofOutput,
      summary:
        "Merkle inclusion proof of one of your entries (?entry=<entry id>) against the published entriesHash; after sales close, owner only",
      access: "user",
      procedure: "contests.drawProof",
      query: ["entry"],
      errors: {
        403: "The entry belongs to another player",
        409: "Sales are not closed yet, or the contest was drawn with scheme 1 (no tree)",
      },
    },
    call: (c, { params, query }) => callWithJson(c.contests.drawProof, { id: params.id ?? "", entry: query.get("entry") ?? "" }),
  },
  {
    method: "GET",
    path: "/api/draws/live",
    doc: {
      output: liveDrawsOutput,
      summary: "The next draws (active contests by end date) and the latest closed ones, 12 of each",
      access: "public",
      procedure: "contests.liveDraws",
    },
  },
  {
    method: "GET",
    path: "/api/winner-posts",
    doc: {
      output: z.array(winnerPostOutput),
      summary:
        "Published winner posts, newest win first (a page: ?limit, default 50, ?cursor = the last id seen); the first page is the cached one",
      access: "public",
      procedure: "contests.publishedWinners",
      query: [...PAGE_PARAMS],
    },
    cached: (reads) => reads.winnerPosts(),
  },
];
