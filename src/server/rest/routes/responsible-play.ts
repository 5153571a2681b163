import { limitsOutput, limitsWithMessageOutput, selfExclusionOutput } from "@/shared/schemas/responses";
import type { RestRow } from "../derive";

/** Spend limits, self-exclusion and the age declaration (docs/fair-play.md). */
export const responsiblePlayRoutes: RestRow[] = [
  {
    method: "GET",
    path: "/api/user/limits",
    doc: {
      output: limitsOutput,
      summary: "Spend limits, pending changes, amounts spent, self-exclusion",
      access: "user",
      procedure: "responsiblePlay.limits",
    },
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
  },
  {
    method: "PUT",
    path: "/api/user/date-of-birth",
    doc: {
      errors: { 409: "A date of birth is already on file" },
      output: limitsWithMessageOutput,
      summary: "Declare a date of birth (18+)",
      access: "user",
      procedure: "responsiblePlay.declareAge",
      body: "input",
    },
  },
];
