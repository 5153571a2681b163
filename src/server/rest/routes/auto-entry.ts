import { z } from "zod";
import { autoEntryOutput, autoEntryWithMessageOutput } from "@/shared/schemas/auto-entry";
import type { RestRow } from "../derive";

/** Auto-entry, standing orders (docs/retention.md "Auto-entry"). */
export const autoEntryRoutes: RestRow[] = [
  {
    method: "GET",
    path: "/api/user/auto-entries",
    doc: {
      output: z.array(autoEntryOutput),
      summary:
        "The player's auto-entries (standing orders), newest first (at most 50), each with its status, reason and latest runs",
      access: "user",
      procedure: "autoEntry.mine",
    },
  },
  {
    method: "POST",
    path: "/api/user/auto-entries",
    status: 201,
    doc: {
      output: autoEntryWithMessageOutput,
      summary:
        "Set up an auto-entry: contests (with each one's skill answer) or a category, tickets per period, period and a total spending cap; the first round is bought at once through the checkout",
      access: "user",
      procedure: "autoEntry.create",
      body: "input",
      errors: {
        400: "bad input, a contest not open, a skill answer missing or wrong",
        403: "the account is closed, self-excluded or at a spending limit",
        409: "already 10 active auto-entries",
        429: "too many changes, or the contest's question is locked",
      },
    },
  },
  {
    method: "POST",
    path: "/api/user/auto-entries/:id/cancel",
    doc: {
      output: autoEntryWithMessageOutput,
      summary: "Cancel an auto-entry in one step: nothing more is bought",
      access: "user",
      procedure: "autoEntry.cancel",
      errors: { 404: "no such auto-entry of the player's", 409: "already cancelled" },
    },
  },
];
