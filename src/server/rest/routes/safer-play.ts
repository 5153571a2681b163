import { limitsWithMessageOutput, messageOutput, riskMarkersOutput, selfExclusionEndOutput } from "@/shared/schemas/responses";
import { PAGE_PARAMS } from "../paging";
import type { RestRow } from "../derive";

/** Safer play: the spend-limit prompt, ending a self-exclusion, account closure, risk markers (docs/fair-play.md). */
export const saferPlayRoutes: RestRow[] = [
  {
    method: "POST",
    path: "/api/user/limit-choice",
    doc: {
      errors: { 409: "The prompt was answered already" },
      output: limitsWithMessageOutput,
      summary: 'Answer the spend-limit prompt once: limits (0 = no spending) or "declined"',
      access: "user",
      procedure: "saferPlay.chooseLimits",
      body: "input",
    },
  },
  {
    method: "POST",
    path: "/api/user/self-exclusion/end",
    doc: {
      errors: { 409: "The player is not self-excluded" },
      output: selfExclusionEndOutput,
      summary: "Ask to end a self-exclusion: it ends 24 h later, never before the chosen period",
      access: "user",
      procedure: "saferPlay.endSelfExclusion",
    },
  },
  {
    method: "POST",
    path: "/api/user/close",
    doc: {
      errors: { 400: "wrong password" },
      output: messageOutput,
      summary: "Close the account for good (password and CLOSE): signs out everywhere, keeps the ledger",
      access: "user",
      procedure: "saferPlay.closeAccount",
      body: "input",
    },
  },
  {
    method: "GET",
    path: "/api/admin/risk-markers",
    doc: {
      output: riskMarkersOutput,
      summary:
        "Players at risk: limits hit repeatedly, rising weekly spend, many top-ups in a day; by player id (a page: ?limit, default 50, ?cursor = the last userId seen)",
      access: "admin",
      procedure: "saferPlay.riskMarkers",
      query: [...PAGE_PARAMS],
    },
  },
];
