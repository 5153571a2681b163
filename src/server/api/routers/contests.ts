import { pageQuerySchema } from "@/shared/schemas/paging";
import { DELAYS } from "@/shared/constants";
import { listPublishedWinnerPosts } from "../../services/prizes";
import { contestIdSchema, contestListInputSchema, drawProofInputSchema, drawRecordInputSchema } from "@/shared/schemas/contests";
import { getContest, listActiveContests, pageOfContests } from "../../services/contests";
import { getDrawRecord, inclusionProof, listLiveDraws, getFairPlayInfo } from "../../services/draws";
import { publicReadsFor, readPublishedWinners } from "../../cache/public-reads";
import { sessionLiveEvents } from "../../events/streams";
import { authedProcedure, authedStreamProcedure, createTRPCRouter, publicProcedure, reconnectOnRestart } from "../trpc";

export const contestsRouter = createTRPCRouter({
  // The three public reads come from the in-process cache (src/server/cache/public-reads.ts)
  // when the request uses the process's database; otherwise straight from the services.
  list: publicProcedure.input(contestListInputSchema).query(async ({ ctx, input }) => {
    const reads = await publicReadsFor(ctx.db);
    const list = reads ? (await reads.contestList(input?.category)).value : await listActiveContests(ctx.db, input?.category);
    return pageOfContests(ctx.db, list, input ?? {});
  }),
  byId: publicProcedure.input(contestIdSchema).query(async ({ ctx, input }) => {
    const reads = await publicReadsFor(ctx.db);
    return reads ? (await reads.contest(input.id)).value : getContest(ctx.db, input.id);
  }),
  /** The public winners gallery (published winner posts, newest win first). */
  publishedWinners: publicProcedure
    .input(pageQuerySchema)
    .query(({ ctx, input }) =>
      input?.cursor || input?.limit ? listPublishedWinnerPosts(ctx.db, input) : readPublishedWinners(ctx.db),
    ),
  /** Open period, draw mode and the free postal entry route (docs/fair-play.md). */
  fairPlay: publicProcedure.query(() => getFairPlayInfo()),
  /** The public draw record: commitments, entry list (names masked), beacon, winner (docs/fair-play.md). */
  drawRecord: publicProcedure
    .input(drawRecordInputSchema)
    .query(({ ctx, input }) =>
      getDrawRecord(ctx.db, input.id, { cursor: input.cursor, limit: input.limit, ticket: input.ticket }),
    ),
  /** The caller's own entry's Merkle inclusion proof against the published entriesHash (owner only). */
  drawProof: authedProcedure
    .input(drawProofInputSchema)
    .query(({ ctx, input }) => inclusionProof(ctx.db, input.id, input.entry, ctx.user.id)),
  /** The "Live draws" page: the next draws and the latest closed ones (public figures only). */
  liveDraws: publicProcedure.query(({ ctx }) => listLiveDraws(ctx.db)),
  /**
   * Live: ticks when any contest's figures change (a sale, a draw, an edit); the client refetches.
   * Spaced by DELAYS.contestsTickSpacing: under a stream of sales each open page refetches once per
   * spell, not once per sale. Capped per account and per IP and ended with its session, like every stream.
   */
  onChange: authedStreamProcedure.subscription(async function* ({ ctx, signal }) {
    yield* reconnectOnRestart(sessionLiveEvents(ctx.stream, (e) => e.kind === "contests", signal, DELAYS.contestsTickSpacing));
  }),
});
