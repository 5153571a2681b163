import { freeEntryOutput, heldNumbersOutput, messageOutput, numbersPageOutput } from "@/shared/schemas/responses";
import type { RestRow } from "../derive";

/** Pick your numbers, lucky dip and the online free entry (docs/contests.md, docs/fair-play.md). */
export const pickingRoutes: RestRow[] = [
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
  },
];
