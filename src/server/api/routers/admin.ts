import { createTRPCRouter } from "../trpc";

/** Filled in by its own issue; present so the app's router shape is complete from day one. */
export const adminRouter = createTRPCRouter({});
