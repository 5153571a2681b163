import {
  forgotPasswordOutput,
  loginOutput,
  messageOutput,
  messageWithUserOutput,
  twoFactorEnableOutput,
  twoFactorSetupOutput,
  staffAccessOutput,
  twoFactorStatusOutput,
  userOutput,
  verifySecurityOutput,
} from "@/shared/schemas/responses";
import { callWithJson } from "../json-input";
import type { RestRow } from "../derive";
import { unauthorized } from "../../platform/errors";

export const authRoutes: RestRow[] = [
  {
    method: "GET",
    path: "/api/auth/user",
    doc: { output: userOutput, summary: "The signed-in user (401 when signed out)", access: "user", procedure: "auth.me" },
    call: async (c) => {
      const user = await c.auth.me();
      if (!user) throw unauthorized("Unauthorized");
      return user;
    },
  },
  {
    method: "POST",
    path: "/api/auth/signup",
    doc: {
      errors: { 409: "An account with this email already exists" },
      output: messageWithUserOutput,
      summary: "Create an account and sign in",
      access: "public",
      procedure: "auth.signup",
      body: "input",
    },
    status: 201,
  },
  {
    method: "POST",
    path: "/api/auth/login",
    doc: {
      output: loginOutput,
      errors: { 401: "Wrong email or password", 403: "The account is closed" },
      summary: "Sign in (session cookie)",
      access: "public",
      procedure: "auth.login",
      body: "input",
    },
    // The token stays in the HttpOnly cookie for browsers; the legacy answer does not repeat it.
    call: async (c, { body }) => {
      const answer = await callWithJson(c.auth.login, body);
      // Two-factor accounts: the session cookie is set but owes its code (POST /api/auth/2fa/verify).
      if ("twoFactorRequired" in answer) return { message: answer.message, twoFactorRequired: true };
      return { message: answer.message, user: answer.user };
    },
  },
  {
    method: "POST",
    path: "/api/auth/2fa/verify",
    doc: {
      output: messageOutput,
      errors: { 401: "Wrong or expired code, or no sign-in waiting for one" },
      summary: "Sign-in step 2 for two-factor accounts: the authenticator code",
      access: "public",
      procedure: "auth.verifyTwoFactor",
      body: "input",
    },
  },
  {
    method: "GET",
    path: "/api/auth/staff-access",
    doc: {
      output: staffAccessOutput,
      summary: 'Staff only: the caller\'s role and every admin procedure it may call (docs/admin.md "Roles")',
      access: "admin",
      procedure: "auth.staffAccess",
    },
  },
  {
    method: "GET",
    path: "/api/auth/2fa",
    doc: {
      output: twoFactorStatusOutput,
      summary: "Two-factor status: enabled, required, and whether this session passed it",
      access: "user",
      procedure: "auth.twoFactorStatus",
    },
  },
  {
    method: "POST",
    path: "/api/auth/2fa/setup",
    doc: {
      errors: { 401: "Re-enrolling: the code is wrong", 403: "Re-enrolling needs a code of the current key or a backup code" },
      output: twoFactorSetupOutput,
      summary:
        "Start two-factor enrolment: secret, otpauth URI, QR code (re-enrolling: { code } of the current key or a backup code)",
      access: "admin",
      procedure: "auth.twoFactorSetup",
      body: "input",
    },
  },
  {
    method: "POST",
    path: "/api/auth/2fa/enable",
    doc: {
      errors: { 400: "no set-up was started, or it changed meanwhile", 401: "Wrong or expired code" },
      output: twoFactorEnableOutput,
      summary: "Confirm two-factor enrolment with a code",
      access: "admin",
      procedure: "auth.twoFactorEnable",
      body: "input",
    },
  },
  {
    method: "POST",
    path: "/api/auth/2fa/disable",
    doc: {
      errors: { 400: "two-factor is not on", 401: "Wrong or expired code" },
      output: messageOutput,
      summary: "Turn two-factor off with a current code",
      access: "admin",
      procedure: "auth.twoFactorDisable",
      body: "input",
    },
  },
  {
    method: "POST",
    path: "/api/auth/logout",
    doc: { output: messageOutput, summary: "Sign out", access: "user", procedure: "auth.logout" },
  },
  {
    method: "POST",
    path: "/api/auth/forgot-password",
    doc: {
      errors: { 403: "The account is closed", 404: "No account has this email" },
      output: forgotPasswordOutput,
      summary: "Recovery step 1: the account's security question",
      access: "public",
      procedure: "auth.forgotPassword",
      body: "input",
    },
  },
  {
    method: "POST",
    path: "/api/auth/verify-security",
    doc: {
      errors: { 401: "Wrong answer to the security question", 403: "The account is closed" },
      output: verifySecurityOutput,
      summary: "Recovery step 2: answer the security question",
      access: "public",
      procedure: "auth.verifySecurity",
      body: "input",
    },
  },
  {
    method: "POST",
    path: "/api/auth/reset-password",
    doc: {
      errors: { 403: "No verified recovery for this browser, or it was used already" },
      output: messageOutput,
      summary: "Recovery step 3: set a new password",
      access: "public",
      procedure: "auth.resetPassword",
      body: "input",
    },
  },
  {
    method: "POST",
    path: "/api/auth/reset-link",
    doc: {
      output: messageOutput,
      summary: "Email a password reset link (the same answer for every email)",
      access: "public",
      procedure: "auth.requestResetLink",
      body: "input",
    },
  },
  {
    method: "POST",
    path: "/api/auth/reset-link/complete",
    doc: {
      errors: { 400: "the link is unknown, used or expired" },
      output: loginOutput,
      summary: "Set a new password from a reset link's token and sign in",
      access: "public",
      procedure: "auth.resetWithLink",
      body: "input",
    },
  },
  {
    method: "POST",
    path: "/api/auth/verify-email",
    doc: {
      output: messageOutput,
      summary: "Verify the account's e-mail address with the link's token (single use, 24 hours)",
      access: "public",
      procedure: "auth.verifyEmail",
      body: "input",
    },
  },
  {
    method: "POST",
    path: "/api/auth/verify-email/resend",
    doc: {
      output: messageOutput,
      summary: "Mail the link that verifies the account's e-mail address again (limited per account and address)",
      access: "user",
      procedure: "auth.requestEmailVerification",
      errors: { 409: "The address is already verified" },
    },
  },
  // The login "endpoint" of the spec is a redirect target: send people to the sign-in page.
  {
    method: "GET",
    path: "/api/login",
    doc: {
      summary: "Redirect to the sign-in page",
      access: "public",
      response: { status: 302, contentType: "text/plain", description: "Redirect to /login" },
    },
    // Relative: the browser resolves it against the origin it used (never a host the server guessed).
    raw: async () => new Response(null, { status: 302, headers: { location: "/login" } }),
  },
];
