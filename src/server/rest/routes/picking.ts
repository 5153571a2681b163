import { freeEntryOutput, heldNumbersOutput, messageOutput, numbersPageOutput } from "@/shared/schemas/responses";
import { callWithJson } from "../json-input";
import { queryInput } from "../paging";
import type { RestRoute } from "../types";

/** Pick your numbers, lucky dip and the online free entry (docs/contests.md, docs/fair-play.md). */
export const pickingRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/api/contests/:id/numbers",
    doc: {
      output: numbersPageOutput,
      summary: "One page of 100 numbers of a pick-your-numbers contest: taken ones and yours held (?page, or ?search = a number)",
      access: "public",
      procedure: "picking.numbers",
      query: ["page", "search"],
    },
    call: (c, { params, query }) =>
      callWithJson(c.picking.numbers, { id: params.id ?? "", ...queryInput(query, ["page", "search"]) }),
  },
  {
    method: "POST",
    path: "/api/cart/hold",
    doc: {
      output: heldNumbersOutput,
      summary: "Hold picked numbers for your cart (TICKET_HOLD_MINUTES): all or none, 409 naming those taken",
      access: "user",
      procedure: "picking.hold",
      body: "input",
    },
    call: (c, { body }) => callWithJson(c.picking.hold, body),
  },
  {
    method: "POST",
    path: "/api/cart/lucky-dip",
    doc: {
      output: heldNumbersOutput,
      summary: "Lucky dip: the server chooses free numbers and holds them for your cart",
      access: "user",
      procedure: "picking.luckyDip",
      body: "input",
    },
    call: (c, { body }) => callWithJson(c.picking.luckyDip, body),
  },
  {
    method: "POST",
    path: "/api/cart/release",
    doc: {
      output: messageOutput,
      summary: "Release your holds on numbers",
      access: "user",
      procedure: "picking.release",
      body: "input",
    },
    call: (c, { body }) => callWithJson(c.picking.release, body),
  },
  {
    method: "POST",
    path: "/api/contests/:id/free-entry",
    status: 201,
    doc: {
      output: freeEntryOutput,
      summary: "Online free entry: one free ticket per contest per FREE_ENTRY_PERIOD_HOURS (answerIndex for a skill question)",
      access: "user",
      procedure: "picking.freeEntry",
      params: { id: "contestId" },
      body: "rest",
    },
    call: (c, { params, body }) =>
      callWithJson(c.picking.freeEntry, { contestId: params.id ?? "", answerIndex: body.answerIndex }),
  },
];
