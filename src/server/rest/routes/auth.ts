import type { RestRoute } from "../types";
import { unauthorized } from "../../errors";

export const authRoutes: RestRoute[] = [
  {
    method: "GET",
    path: "/api/auth/user",
    call: async (c) => {
      const user = await c.auth.me();
      if (!user) throw unauthorized("Unauthorized");
      return user;
    },
  },
  { method: "POST", path: "/api/auth/signup", status: 201, call: (c, { body }) => c.auth.signup(body as never) },
  {
    method: "POST",
    path: "/api/auth/login",
    // The token stays in the HttpOnly cookie for browsers; the legacy answer does not repeat it.
    call: async (c, { body }) => {
      const { message, user } = await c.auth.login(body as never);
      return { message, user };
    },
  },
  { method: "POST", path: "/api/auth/logout", call: (c) => c.auth.logout() },
  {
    method: "POST",
    path: "/api/auth/forgot-password",
    call: (c, { body }) => c.auth.forgotPassword(body as never),
  },
  {
    method: "POST",
    path: "/api/auth/verify-security",
    call: (c, { body }) => c.auth.verifySecurity(body as never),
  },
  {
    method: "POST",
    path: "/api/auth/reset-password",
    call: (c, { body }) => c.auth.resetPassword(body as never),
  },
  // The login "endpoint" of the spec is a redirect target: send people to the sign-in page.
  {
    method: "GET",
    path: "/api/login",
    raw: async (req) => Response.redirect(new URL("/login", req.url), 302),
  },
];
