import {
  changePasswordSchema,
  changeSecuritySchema,
  forgotPasswordSchema,
  loginSchema,
  resetPasswordSchema,
  signupSchema,
  updateProfileSchema,
  verifySecuritySchema,
} from "@/shared/schemas/auth";
import { blankSessionCookie, sessionCookie } from "../../auth/session";
import * as account from "../../services/account";
import * as auth from "../../services/auth";
import { toPublicUser } from "../../services/users";
import { authedProcedure, createTRPCRouter, publicProcedure } from "../trpc";

export const authRouter = createTRPCRouter({
  /** The signed-in user, or null (the REST row answers 401 instead). */
  me: publicProcedure.query(({ ctx }) => (ctx.user ? toPublicUser(ctx.user) : null)),

  signup: publicProcedure.input(signupSchema).mutation(async ({ ctx, input }) => {
    const user = await auth.signup(ctx.db, input, { ip: ctx.ip });
    return { message: "Account created successfully", user: toPublicUser(user) };
  }),

  login: publicProcedure.input(loginSchema).mutation(async ({ ctx, input }) => {
    const { user, token, session } = await auth.login(ctx.db, input, { ip: ctx.ip });
    ctx.resHeaders.append("set-cookie", sessionCookie(token, session.expiresAt));
    // The token is returned for the typed client (Bearer); browsers use the HttpOnly cookie.
    return { message: "Login successful", user: toPublicUser(user), token, expiresAt: session.expiresAt };
  }),

  logout: authedProcedure.mutation(async ({ ctx }) => {
    await auth.logout(ctx.db, ctx.session.id);
    ctx.resHeaders.append("set-cookie", blankSessionCookie());
    return { message: "Logged out" };
  }),

  /** Recovery step 1: email -> email, maskedEmail, securityQuestion (docs/product.md §3). */
  forgotPassword: publicProcedure
    .input(forgotPasswordSchema)
    .mutation(({ ctx, input }) => auth.forgotPassword(ctx.db, input, { ip: ctx.ip })),

  /** Recovery step 2: a right answer allows one reset of that email within 15 minutes. */
  verifySecurity: publicProcedure.input(verifySecuritySchema).mutation(async ({ ctx, input }) => {
    await auth.verifySecurity(ctx.db, input, { ip: ctx.ip });
    return { message: "Security answer verified", verified: true };
  }),

  /** Recovery step 3: needs a fresh verification of the same email (else 403); ends all sessions. */
  resetPassword: publicProcedure.input(resetPasswordSchema).mutation(async ({ ctx, input }) => {
    await auth.resetPassword(ctx.db, input, { ip: ctx.ip });
    return { message: "Password reset successfully" };
  }),

  /** Account Settings. */
  settings: authedProcedure.query(({ ctx }) => account.getSettings(ctx.db, ctx.user.id)),

  updateProfile: authedProcedure.input(updateProfileSchema).mutation(async ({ ctx, input }) => {
    const user = await account.updateProfile(ctx.db, ctx.user.id, input);
    return { message: "Profile updated", user: toPublicUser(user) };
  }),

  changePassword: authedProcedure.input(changePasswordSchema).mutation(async ({ ctx, input }) => {
    await account.changePassword(ctx.db, ctx.user, ctx.session.id, input);
    return { message: "Password changed" };
  }),

  changeSecurity: authedProcedure.input(changeSecuritySchema).mutation(async ({ ctx, input }) => {
    await account.changeSecurity(ctx.db, ctx.user, input);
    return { message: "Security question updated" };
  }),
});
