import { loginSchema, signupSchema } from "@/shared/schemas/auth";
import { blankSessionCookie, sessionCookie } from "../../auth/session";
import * as auth from "../../services/auth";
import { toPublicUser } from "../../services/users";
import { authedProcedure, createTRPCRouter, publicProcedure } from "../trpc";

export const authRouter = createTRPCRouter({
  /** The signed-in user, or null (the REST row answers 401 instead). */
  me: publicProcedure.query(({ ctx }) => (ctx.user ? toPublicUser(ctx.user) : null)),

  signup: publicProcedure.input(signupSchema).mutation(async ({ ctx, input }) => {
    const user = await auth.signup(ctx.db, input);
    return { message: "Account created successfully", user: toPublicUser(user) };
  }),

  login: publicProcedure.input(loginSchema).mutation(async ({ ctx, input }) => {
    const { user, token, session } = await auth.login(ctx.db, input);
    ctx.resHeaders.append("set-cookie", sessionCookie(token, session.expiresAt));
    // The token is returned for the typed client (Bearer); browsers use the HttpOnly cookie.
    return { message: "Login successful", user: toPublicUser(user), token, expiresAt: session.expiresAt };
  }),

  logout: authedProcedure.mutation(async ({ ctx }) => {
    await auth.logout(ctx.db, ctx.session.id);
    ctx.resHeaders.append("set-cookie", blankSessionCookie());
    return { message: "Logged out" };
  }),
});
