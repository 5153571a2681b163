/** Email schemas: the admin Outbox query, Account Settings email preferences, the reset-link flow, e-mail verification. */
import "./zod-config";
import { z } from "zod";
import { MESSAGES } from "./auth";
import { LIMITS } from "../constants";
import { pageFields } from "./paging";

/** The admin Outbox: newest first, optionally one recipient; a keyset page (`limit`, `cursor` = the last id seen). */
export const outboxQuerySchema = z
  .object({
    search: z.string().trim().max(200).optional(),
    ...pageFields,
  })
  .optional();

export const emailPreferencesSchema = z.object({ receipts: z.boolean(), results: z.boolean() });

/** Offers and news (docs/email.md): each channel on or off; one left out stays as it is. */
export const marketingConsentSchema = z
  .strictObject({ email: z.boolean().optional(), push: z.boolean().optional() })
  .refine((v) => v.email !== undefined || v.push !== undefined, "Choose e-mail, push or both");

/** What offers and news answer (docs/email.md "Offers and news"); the unsubscribe page shows them too. */
export const MARKETING_MESSAGES = {
  saved: "Marketing preferences saved",
  unsubscribed: "You will get no more offers or news by e-mail.",
  badLink: "This unsubscribe link is not valid. Turn offers off in Account Settings instead.",
} as const;

/** A marketing mail's unsubscribe token: 32 random bytes, base64url (43 characters). */
export const unsubscribeTokenSchema = z.object({
  token: z
    .string("This unsubscribe link is not valid")
    .length(43, "This unsubscribe link is not valid")
    .regex(/^[A-Za-z0-9_-]+$/, "This unsubscribe link is not valid"),
});

const email = z.string(MESSAGES.email).trim().max(254, "Email must be at most 254 characters").pipe(z.email(MESSAGES.email));

export const resetLinkRequestSchema = z.object({ email });

/** The link's token: 32 random bytes, base64url (43 characters). */
export const resetTokenSchema = z
  .string("Invalid or expired reset link")
  .min(20, "Invalid or expired reset link")
  .max(100, "Invalid or expired reset link")
  .regex(/^[A-Za-z0-9_-]+$/, "Invalid or expired reset link");

const password = z
  .string(MESSAGES.password)
  .min(LIMITS.passwordMin, MESSAGES.password)
  .max(256, "Password must be at most 256 characters");

export const resetWithTokenSchema = z.object({ token: resetTokenSchema, password });

/** The /reset-password form: new password plus its confirmation. */
export const resetWithTokenFormSchema = z
  .object({ password, confirmPassword: z.string(MESSAGES.confirmPassword).min(1, MESSAGES.confirmPassword).max(256) })
  .refine((v) => v.password === v.confirmPassword, { message: MESSAGES.passwordsMatch, path: ["confirmPassword"] });

/** What POST /api/auth/reset-link always answers (for every email, known or not). */
export const RESET_LINK_SENT =
  "If an account exists for that email, we have sent a link to reset its password. It expires in 30 minutes.";
export const RESET_LINK_INVALID = "This reset link is invalid or has expired. Please ask for a new one.";

/** The e-mail verification link's token (POST /api/auth/verify-email): 32 random bytes, base64url. */
export const verifyEmailSchema = z.object({
  token: z
    .string("Invalid or expired verification link")
    .min(20, "Invalid or expired verification link")
    .max(100, "Invalid or expired verification link")
    .regex(/^[A-Za-z0-9_-]+$/, "Invalid or expired verification link"),
});

/** What the verification flow answers (docs/email.md "Verified addresses"). */
export const EMAIL_VERIFY_MESSAGES = {
  sent: (email: string) => `We sent a verification link to ${email}. It works once and expires in 24 hours.`,
  already: "Your e-mail address is already verified",
  invalid: "This verification link is invalid or has expired. Ask for a new one in Account Settings.",
  verified: "Your e-mail address is verified. Receipts, results and other messages will reach you there.",
  busy: (retry: string) => `Too many verification e-mails. Please try again ${retry}.`,
  linksBusy: (retry: string) => `Too many verification attempts. Please try again ${retry}.`,
} as const;
