/**
 * The browser's view of the server's types, inferred from the router: components import these,
 * never `@/server` (lint enforces it, see docs/architecture.md "Guards").
 */
import type { inferRouterOutputs } from "@trpc/server";
import type { AppRouter } from "@/server/api/root";

export type RouterOutputs = inferRouterOutputs<AppRouter>;

/** A contest as the public contest list and detail answer it. */
export type PublicContest = RouterOutputs["contests"]["byId"];
/** The signed-in user (null when signed out). */
export type PublicUser = NonNullable<RouterOutputs["auth"]["me"]>;
/** A published winner post of the gallery. */
export type PublicWinnerPost = RouterOutputs["contests"]["publishedWinners"][number];
/** A winner post in the admin dashboard (drafts included). */
export type AdminWinnerPost = RouterOutputs["admin"]["winnerPosts"][number];
/** A contest in the admin dashboard (with the skill question's correct option). */
export type AdminContest = RouterOutputs["admin"]["contests"][number];
