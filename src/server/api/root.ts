import "server-only";
import { adminRouter } from "./routers/admin";
import { authRouter } from "./routers/auth";
import { autoEntryRouter } from "./routers/auto-entry";
import { cartRouter } from "./routers/cart";
import { complaintsRouter } from "./routers/complaints";
import { contestsRouter } from "./routers/contests";
import { emailRouter } from "./routers/email";
import { marketingRouter } from "./routers/marketing";
import { identityRouter } from "./routers/identity";
import { instantWinsRouter } from "./routers/instant-wins";
import { notificationsRouter } from "./routers/notifications";
import { paymentsRouter } from "./routers/payments";
import { pickingRouter } from "./routers/picking";
import { pricingRouter } from "./routers/pricing";
import { proofsRouter } from "./routers/proofs";
import { pushRouter } from "./routers/push";
import { receiptsRouter } from "./routers/receipts";
import { responsiblePlayRouter } from "./routers/responsible-play";
import { retentionRouter } from "./routers/retention";
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
  identity: identityRouter,
  review: reviewRouter,
  prizes: prizesRouter,
  complaints: complaintsRouter,
  responsiblePlay: responsiblePlayRouter,
  saferPlay: saferPlayRouter,
  email: emailRouter,
  marketing: marketingRouter,
  picking: pickingRouter,
  instantWins: instantWinsRouter,
  pricing: pricingRouter,
  receipts: receiptsRouter,
  proofs: proofsRouter,
  push: pushRouter,
  retention: retentionRouter,
  autoEntry: autoEntryRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
