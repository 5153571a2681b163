import { unsubscribeTokenSchema } from "@/shared/schemas/email";
import {
  emailPreferencesOutput,
  emailPreferencesWithMessageOutput,
  marketingConsentOutput,
  marketingConsentWithMessageOutput,
  messageOutput,
  unsubscribeStatusOutput,
} from "@/shared/schemas/responses";
import { unsubscribeByToken } from "../../services/accounts";
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
  {
    method: "GET",
    path: "/api/user/marketing-consent",
    doc: {
      output: marketingConsentOutput,
      summary: "Offers and news: whether the player opted in by e-mail and by push, and since when",
      access: "user",
      procedure: "marketing.consent",
    },
  },
  {
    method: "PUT",
    path: "/api/user/marketing-consent",
    doc: {
      output: marketingConsentWithMessageOutput,
      summary: "Opt in to or out of offers and news by e-mail and/or push (a channel left out is unchanged)",
      access: "user",
      procedure: "marketing.setConsent",
      body: "input",
    },
  },
  {
    method: "GET",
    path: "/api/email/unsubscribe",
    doc: {
      output: unsubscribeStatusOutput,
      summary: "What an unsubscribe link stands for: the address (masked) and whether offers still go to it",
      access: "public",
      procedure: "marketing.unsubscribeStatus",
      query: ["token"],
      errors: { 404: "This unsubscribe link is not valid. Turn offers off in Account Settings instead." },
    },
  },
  // RFC 8058 one-click: a mail client POSTs "List-Unsubscribe=One-Click" as a form body, from its own
  // servers (no cookie, no Origin); the token alone decides. Any body is read as nothing.
  {
    method: "POST",
    path: "/api/email/unsubscribe",
    doc: {
      output: messageOutput,
      summary: "One-click unsubscribe from offers and news by e-mail (List-Unsubscribe-Post, RFC 8058)",
      access: "public",
      query: ["token"],
      errors: {
        400: "This unsubscribe link is not valid",
        404: "This unsubscribe link is not valid. Turn offers off in Account Settings instead.",
      },
      rawBody: { contentType: "application/x-www-form-urlencoded", description: "List-Unsubscribe=One-Click (ignored)" },
    },
    raw: async (_req, { query, ctx }) => {
      const { token } = unsubscribeTokenSchema.parse({ token: query.get("token") ?? "" });
      return Response.json(await unsubscribeByToken(ctx.db, token));
    },
  },
];
