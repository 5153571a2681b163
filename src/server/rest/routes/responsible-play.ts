import { limitsOutput, limitsWithMessageOutput, selfExclusionOutput } from "@/shared/schemas/responses";
import { callWithJson } from "../json-input";
import type { RestRoute } from "../types";

/** Spend limits, self-exclusion and the age declaration (docs/fair-play.md). */
export const responsiblePlayRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/api/user/limits",
    doc: {
      output: limitsOutput,
      summary: "Spend limits, pending changes, amounts spent, self-exclusion",
      access: "user",
      procedure: "responsiblePlay.limits",
    },
    call: (c) => c.responsiblePlay.limits(),
  },
  {
    method: "PUT",
    path: "/api/user/limits",
    doc: {
      output: limitsWithMessageOutput,
      summary: "Set spend limits (lower at once, higher after 24 h)",
      access: "user",
      procedure: "responsiblePlay.setLimits",
      body: "input",
    },
    call: (c, { body }) => callWithJson(c.responsiblePlay.setLimits, body),
  },
  {
    method: "POST",
    path: "/api/user/self-exclusion",
    doc: {
      output: selfExclusionOutput,
      summary: "Self-exclude for 6m, 1y or 5y",
      access: "user",
      procedure: "responsiblePlay.selfExclude",
      body: "input",
    },
    call: (c, { body }) => callWithJson(c.responsiblePlay.selfExclude, body),
  },
  {
    method: "PUT",
    path: "/api/user/date-of-birth",
    doc: {
      output: limitsWithMessageOutput,
      summary: "Declare a date of birth (18+)",
      access: "user",
      procedure: "responsiblePlay.declareAge",
      body: "input",
    },
    call: (c, { body }) => callWithJson(c.responsiblePlay.declareAge, body),
  },
];
