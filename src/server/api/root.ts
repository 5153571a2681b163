import "server-only";
import { adminRouter } from "./routers/admin";
import { authRouter } from "./routers/auth";
import { cartRouter } from "./routers/cart";
import { contestsRouter } from "./routers/contests";
import { notificationsRouter } from "./routers/notifications";
import { paymentsRouter } from "./routers/payments";
import { supportRouter } from "./routers/support";
import { wheelRouter } from "./routers/wheel";
import { createCallerFactory, createTRPCRouter } from "./trpc";

export const appRouter = createTRPCRouter({
  auth: authRouter,
  contests: contestsRouter,
  cart: cartRouter,
  payments: paymentsRouter,
  wheel: wheelRouter,
  notifications: notificationsRouter,
  support: supportRouter,
  admin: adminRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
