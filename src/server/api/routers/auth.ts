import {
  changePasswordSchema,
  changeSecuritySchema,
  forgotPasswordSchema,
  loginSchema,
  resetPasswordSchema,
  signupSchema,
  twoFactorCodeSchema,
  twoFactorSetupSchema,
  updateProfileSchema,
  verifySecuritySchema,
} from "@/shared/schemas/auth";
import { resetLinkRequestSchema, resetWithTokenSchema, verifyEmailSchema } from "@/shared/schemas/email";
import { readResetToken, resetCookies } from "../../auth/reset-token";
import { blankSessionCookie, readSessionToken, secureFlag, sessionCookie } from "../../auth/session";
import type { Db } from "../../platform/db";
import { logger } from "../../platform/logger";
import { getEnv } from "../../platform/env";
import {
  deviceCookie,
  newDeviceId,
  noteDevice,
  noteSignup,
  readDeviceId,
  requestEmailVerification,
  requestResetLink,
  resetWithLink,
  verifyEmail,
} from "../../services/accounts";
import { toPublicUser } from "../../services/kernel";
import { recordReferral } from "../../services/retention";
import { REFERRAL_COOKIE } from "@/shared/retention";
import { adminProcedure, authedProcedure, createTRPCRouter, publicProcedure } from "../trpc";
import { allowedFor } from "../privileged";
import type { StaffRole } from "@/shared/staff";
import {
  RESET_GRANT_TTL_MS,
  changePassword,
  changeSecurity,
  disableTwoFactor,
  enableTwoFactor,
  forgotPassword,
  getSettings,
  login,
  logout,
  resetPassword,
  setupTwoFactor,
  signup,
  twoFactorStatus,
  updateProfile,
  verifySecurity,
  verifyTwoFactorLogin,
} from "../../services/accounts";

/**
 * Abuse signals (docs/admin.md "Abuse signals"): the browser's long-lived device cookie, set on its
 * first sign-up or sign-in, links the accounts used from it. Never refuses anything itself.
 */
async function noteThisDevice(ctx: { db: Db; headers: Headers; resHeaders: Headers }, userId: string): Promise<void> {
  let device = readDeviceId(ctx.headers);
  if (!device) {
    device = newDeviceId();
    ctx.resHeaders.append("set-cookie", deviceCookie(device, secureFlag() !== ""));
  }
  const id = device;
  await bestEffort(() => noteDevice(ctx.db, userId, id));
}

function readCookie(headers: Headers, name: string): string | null {
  for (const part of (headers.get("cookie") ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return rest.join("=").slice(0, 64);
  }
  return null;
}

/** A signal that cannot be recorded never fails the sign-up or sign-in it watches (logged for the operator). */
async function bestEffort(note: () => Promise<void>): Promise<void> {
  try {
    await note();
  } catch (err) {
    logger.warn({ err: err instanceof Error ? err.message : String(err) }, "abuse signal not recorded");
  }
}

export const authRouter = createTRPCRouter({
  /** The signed-in user, or null (the REST row answers 401 instead). */
  me: publicProcedure.query(({ ctx }) => (ctx.user ? toPublicUser(ctx.user) : null)),

  signup: publicProcedure.input(signupSchema).mutation(async ({ ctx, input }) => {
    const user = await signup(ctx.db, input, { ip: ctx.ip });
    await bestEffort(() => noteSignup(ctx.db, user, ctx.ip));
    await noteThisDevice(ctx, user.id);
    // Signed up through a friend's link (/r/CODE set the cookie): recorded once, then the cookie goes.
    const ref = readCookie(ctx.headers, REFERRAL_COOKIE);
    if (ref) {
      await bestEffort(async () => void (await recordReferral(ctx.db, user.id, ref)));
      ctx.resHeaders.append("set-cookie", `${REFERRAL_COOKIE}=; SameSite=Lax; Path=/; Max-Age=0${secureFlag()}`);
    }
    return { message: "Account created successfully", user: toPublicUser(user) };
  }),

  login: publicProcedure.input(loginSchema).mutation(async ({ ctx, input }) => {
    const { user, token, session, twoFactorRequired } = await login(ctx.db, input, { ip: ctx.ip });
    ctx.resHeaders.append("set-cookie", sessionCookie(token, session.expiresAt));
    await noteThisDevice(ctx, user.id);
    // The token lives only in the HttpOnly cookie: no JSON answer carries it (docs/security.md).
    if (twoFactorRequired) {
      return { message: "Enter the code from your authenticator app", twoFactorRequired: true as const };
    }
    return { message: "Login successful", user: toPublicUser(user), expiresAt: session.expiresAt };
  }),

  /** Sign-in step 2 for accounts with two-factor on: the code settles the session the password opened. */
  verifyTwoFactor: publicProcedure.input(twoFactorCodeSchema).mutation(async ({ ctx, input }) => {
    const { expiresAt } = await verifyTwoFactorLogin(ctx.db, ctx.pendingTwoFactor, input.code, new Date(), ctx.ip);
    const token = readSessionToken(ctx.headers);
    if (token && !ctx.headers.get("authorization")) ctx.resHeaders.append("set-cookie", sessionCookie(token, expiresAt));
    return { message: "Login successful" };
  }),

  /** Two-factor (admins): status, enrolment with a QR code, confirmation, turning it off. */
  twoFactorStatus: authedProcedure.query(async ({ ctx }) => ({
    ...(await twoFactorStatus(ctx.db, ctx.user.id, getEnv().ADMIN_2FA_REQUIRED)),
    // The admin dashboard disables what needs the code before any click (src/server/api/privileged.ts).
    sessionVerified: ctx.session.twoFactorVerifiedAt !== null,
  })),
  /** The caller's staff role and every admin procedure it may call: the dashboard shows only these live. */
  staffAccess: adminProcedure.query(({ ctx }) => {
    const role = ctx.user.role as StaffRole; // assertAdminAccess let only a staff role through
    return { role, allowed: allowedFor(role) };
  }),
  twoFactorSetup: adminProcedure
    .input(twoFactorSetupSchema)
    .mutation(({ ctx, input }) => setupTwoFactor(ctx.db, ctx.user, { code: input?.code, ip: ctx.ip })),
  /** Answers the ten backup codes: shown this once, never again. */
  twoFactorEnable: adminProcedure.input(twoFactorCodeSchema).mutation(async ({ ctx, input }) => {
    const { backupCodes } = await enableTwoFactor(ctx.db, ctx.user.id, ctx.session.id, input.code, new Date(), ctx.ip);
    return { message: "Two-factor authentication is on", backupCodes };
  }),
  twoFactorDisable: adminProcedure.input(twoFactorCodeSchema).mutation(async ({ ctx, input }) => {
    await disableTwoFactor(ctx.db, ctx.user.id, input.code, new Date(), ctx.ip);
    return { message: "Two-factor authentication is off" };
  }),

  logout: authedProcedure.mutation(async ({ ctx }) => {
    await logout(ctx.db, ctx.session.id);
    ctx.resHeaders.append("set-cookie", blankSessionCookie());
    return { message: "Logged out" };
  }),

  /** Recovery step 1: email -> email, maskedEmail, securityQuestion (docs/product.md §3). */
  forgotPassword: publicProcedure
    .input(forgotPasswordSchema)
    .mutation(({ ctx, input }) => forgotPassword(ctx.db, input, { ip: ctx.ip })),

  /**
   * Recovery step 2: a right answer allows one reset of that email within 15 minutes, by this client
   * only: the reset token travels in an HttpOnly cookie sent to the reset calls alone.
   */
  verifySecurity: publicProcedure.input(verifySecuritySchema).mutation(async ({ ctx, input }) => {
    const { token } = await verifySecurity(ctx.db, input, { ip: ctx.ip });
    for (const c of resetCookies(token, RESET_GRANT_TTL_MS / 1000)) ctx.resHeaders.append("set-cookie", c);
    return { message: "Security answer verified", verified: true };
  }),

  /** Recovery step 3: needs the reset cookie of a fresh verification of the same email (else 403); ends all sessions. */
  resetPassword: publicProcedure.input(resetPasswordSchema).mutation(async ({ ctx, input }) => {
    await resetPassword(ctx.db, input, { ip: ctx.ip, resetToken: readResetToken(ctx.headers) });
    for (const c of resetCookies("", 0)) ctx.resHeaders.append("set-cookie", c);
    return { message: "Password reset successfully" };
  }),

  /** Account Settings. */
  settings: authedProcedure.query(({ ctx }) => getSettings(ctx.db, ctx.user.id)),

  updateProfile: authedProcedure.input(updateProfileSchema).mutation(async ({ ctx, input }) => {
    const user = await updateProfile(ctx.db, ctx.user.id, input);
    return { message: "Profile updated", user: toPublicUser(user) };
  }),

  changePassword: authedProcedure.input(changePasswordSchema).mutation(async ({ ctx, input }) => {
    await changePassword(ctx.db, ctx.user, ctx.session.id, input, new Date(), ctx.ip);
    return { message: "Password changed" };
  }),

  changeSecurity: authedProcedure.input(changeSecuritySchema).mutation(async ({ ctx, input }) => {
    await changeSecurity(ctx.db, ctx.user, input, new Date(), ctx.ip);
    return { message: "Security question updated" };
  }),

  /** Account Settings: mail the link that verifies the account's address again (docs/email.md "Verified addresses"). */
  requestEmailVerification: authedProcedure.mutation(({ ctx }) => requestEmailVerification(ctx.db, ctx.user.id, { ip: ctx.ip })),

  /** The link's page (/verify-email): no session needed, the link proves the mailbox. */
  verifyEmail: publicProcedure.input(verifyEmailSchema).mutation(({ ctx, input }) => verifyEmail(ctx.db, input, { ip: ctx.ip })),

  /** Emailed reset link (docs/email.md): the same answer for every email. */
  requestResetLink: publicProcedure
    .input(resetLinkRequestSchema)
    .mutation(({ ctx, input }) => requestResetLink(ctx.db, input, { ip: ctx.ip })),

  /**
   * Sets the new password from a reset link's token and signs the player in; an account with
   * two-factor on gets a session that still owes its code (auth.verifyTwoFactor), like a login.
   */
  resetWithLink: publicProcedure.input(resetWithTokenSchema).mutation(async ({ ctx, input }) => {
    const { user, token, session, twoFactorRequired } = await resetWithLink(ctx.db, input, { ip: ctx.ip });
    ctx.resHeaders.append("set-cookie", sessionCookie(token, session.expiresAt));
    if (twoFactorRequired) {
      return { message: "Password reset. Enter the code from your authenticator app", twoFactorRequired: true as const };
    }
    return { message: "Password reset successfully. You are signed in.", user: toPublicUser(user) };
  }),
});
