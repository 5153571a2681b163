import "server-only";
import { adminRouter } from "./routers/admin";
import { authRouter } from "./routers/auth";
import { cartRouter } from "./routers/cart";
import { contestsRouter } from "./routers/contests";
import { emailRouter } from "./routers/email";
import { notificationsRouter } from "./routers/notifications";
import { paymentsRouter } from "./routers/payments";
import { responsiblePlayRouter } from "./routers/responsible-play";
import { reviewRouter } from "./routers/review";
import { saferPlayRouter } from "./routers/safer-play";
import { supportRouter } from "./routers/support";
import { prizesRouter } from "./routers/prizes";
import { wheelRouter } from "./routers/wheel";
import { withdrawalsRouter } from "./routers/withdrawals";
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
  withdrawals: withdrawalsRouter,
  review: reviewRouter,
  prizes: prizesRouter,
  responsiblePlay: responsiblePlayRouter,
  saferPlay: saferPlayRouter,
  email: emailRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
