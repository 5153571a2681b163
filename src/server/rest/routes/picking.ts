import { freeEntryOutput, heldNumbersOutput, messageOutput, numbersPageOutput } from "@/shared/schemas/responses";
import type { RestRow } from "../derive";

/** Pick your numbers, lucky dip and the online free entry (docs/contests.md, docs/fair-play.md). */
export const pickingRoutes: RestRow[] = [
  {
    method: "GET",
    path: "/api/contests/:id/numbers",
    doc: {
      errors: { 409: "The contest does not let players pick numbers" },
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
      errors: { 404: "No such contest", 409: "Numbers taken, too many held, the contest is closed or does not let players pick" },
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
      errors: {
        404: "No such contest",
        409: "Not enough free numbers, too many held, the contest is closed or does not let players pick",
      },
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
      errors: { 404: "No such contest" },
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
      errors: {
        403: "Self-excluded, or no age declared where one is required",
        409: "The online free entry is off for this contest or used for this period, or the contest is closed",
      },
      output: freeEntryOutput,
      summary: "Online free entry: one free ticket per contest per FREE_ENTRY_PERIOD_HOURS (answerIndex for a skill question)",
      access: "user",
      procedure: "picking.freeEntry",
      params: { id: "contestId" },
      body: "rest",
    },
  },
];
