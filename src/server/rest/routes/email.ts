import { emailPreferencesOutput, emailPreferencesWithMessageOutput } from "@/shared/schemas/responses";
import type { RestRow } from "../derive";

/** Email preferences (docs/email.md); the reset-link rows live with the other auth rows. */
export const emailRoutes: RestRow[] = [
  {
    method: "GET",
    path: "/api/user/email-preferences",
    doc: {
      output: emailPreferencesOutput,
      summary: "The player's optional emails (receipts, results)",
      access: "user",
      procedure: "email.preferences",
    },
  },
  {
    method: "PUT",
    path: "/api/user/email-preferences",
    doc: {
      output: emailPreferencesWithMessageOutput,
      summary: "Turn purchase receipts and draw results emails on or off",
      access: "user",
      procedure: "email.setPreferences",
      body: "input",
    },
  },
];
