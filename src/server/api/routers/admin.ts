import { pageQuerySchema } from "@/shared/schemas/paging";
import {
  contestFormSchema,
  contestIdSchema,
  contestStatusSchema,
  contestUpdateSchema,
  idSchema,
  proposalIdSchema,
  toggleAdminSchema,
  adminContestsQuerySchema,
  waitingApprovalsQuerySchema,
  userSearchSchema,
  winnerPostSchema,
  winnerPostUpdateSchema,
} from "@/shared/schemas/admin";
import {
  assertRecentSignIn,
  cancelProposal,
  FOUR_EYES_MESSAGES,
  listAbuseSignals,
  listUsers,
  listWaitingQueue,
  setStaffRole,
} from "../../services/accounts";
import { getAnalytics, getOverview, getStats, listOutbox } from "../../services/admin";
import { freeEntrySchema } from "@/shared/fair-play";
import { createContest, listAllContests, setContestStatus, updateContest } from "../../services/contests";
import { recordFreeEntry } from "../../services/checkout";
import { createWinnerPost, deleteWinnerPost, listAllWinnerPosts, updateWinnerPost } from "../../services/prizes";
import { outboxQuerySchema } from "@/shared/schemas/email";
import { auditQuerySchema } from "@/shared/schemas/payments";
import { listAudit } from "../../services/kernel";
import { grantCredit } from "../../services/money";
import { grantCreditSchema } from "@/shared/credit";
import { adminProcedure, createTRPCRouter } from "../trpc";
import { announceContest } from "../../services/retention";
import { enqueue } from "../../jobs";
import { JOB } from "../../jobs/app-jobs";
import { roleMayCall } from "../privileged";
import { FOUR_EYES_ACTIONS } from "@/shared/staff";

/** Every procedure here is admin-only: 401 signed out, 403 for non-admins (adminProcedure). */
export const adminRouter = createTRPCRouter({
  stats: adminProcedure.query(({ ctx }) => getStats(ctx.db)),
  overview: adminProcedure.query(({ ctx }) => getOverview(ctx.db)),
  analytics: adminProcedure.query(({ ctx }) => getAnalytics(ctx.db)),

  users: adminProcedure.input(userSearchSchema).query(({ ctx, input }) => listUsers(ctx.db, input?.search, input)),
  toggleAdmin: adminProcedure.input(toggleAdminSchema).mutation(async ({ ctx, input }) => {
    assertRecentSignIn(ctx.session);
    const role = input.isAdmin ? (input.role ?? "owner") : null;
    const { user, proposed } = await setStaffRole(ctx.db, input.userId, role, ctx.user.id);
    return { message: proposed ? FOUR_EYES_MESSAGES.proposed : "User updated", user };
  }),
  /** Multi-account and abuse signals, newest first, a page at a time (docs/admin.md "Abuse signals"). */
  abuseSignals: adminProcedure.input(pageQuerySchema).query(({ ctx, input }) => listAbuseSignals(ctx.db, input ?? {})),
  /**
   * Four eyes: what waits for a second approver, a page oldest first, and the proposer taking theirs
   * back (docs/admin.md "Four eyes"). Each sees the proposals they could confirm (the matrix decides:
   * role changes are the owners'), asked of the database, so every page is full of rows they may see.
   */
  waitingApprovals: adminProcedure.input(waitingApprovalsQuerySchema).query(({ ctx, input }) => {
    const asked = input?.action ?? FOUR_EYES_ACTIONS;
    const actions = asked.filter((a) => roleMayCall(ctx.user.role, a));
    return listWaitingQueue(ctx.db, { actions, limit: input?.limit, cursor: input?.cursor });
  }),
  cancelApproval: adminProcedure.input(proposalIdSchema).mutation(async ({ ctx, input }) => {
    const proposal = await cancelProposal(ctx.db, ctx.user.id, input.id);
    return { message: "Proposal withdrawn", proposal };
  }),
  /** Goodwill: spend-only site credit, optionally expiring (docs/payments.md "Cash and credit"). */
  grantCredit: adminProcedure.input(grantCreditSchema).mutation(({ ctx, input }) => grantCredit(ctx.db, ctx.user.id, input)),

  contests: adminProcedure.input(adminContestsQuerySchema).query(({ ctx, input }) => listAllContests(ctx.db, input ?? {})),
  createContest: adminProcedure.input(contestFormSchema).mutation(async ({ ctx, input }) => {
    const contest = await createContest(ctx.db, input, ctx.user.id);
    return { message: "Contest created", contest };
  }),
  updateContest: adminProcedure.input(contestUpdateSchema).mutation(async ({ ctx, input }) => {
    const contest = await updateContest(ctx.db, input.id, input.data, ctx.user.id);
    return { message: "Contest updated", contest };
  }),
  /** A received postal (free) entry: tickets like a purchase, $0 (docs/fair-play.md). */
  recordFreeEntry: adminProcedure
    .input(freeEntrySchema)
    .mutation(({ ctx, input }) => recordFreeEntry(ctx.db, input.contestId, input.userId, input.quantity, ctx.user.id)),
  setContestStatus: adminProcedure.input(contestStatusSchema).mutation(async ({ ctx, input }) => {
    const contest = await setContestStatus(ctx.db, input.contestId, input.status, ctx.user.id);
    return { message: "Contest updated", contest };
  }),

  /** Tells players who opted in to offers about a contest on sale, once (docs/retention.md "Announcements"). */
  announceContest: adminProcedure.input(contestIdSchema).mutation(async ({ ctx, input }) => {
    const started = await announceContest(ctx.db, ctx.user.id, input.contestId);
    await enqueue(JOB.marketingSends, {}).catch(() => null); // the schedule resumes it otherwise
    return { message: started.message };
  }),

  /** The audit log of admin actions, newest first, with filters (src/server/services/kernel/audit.ts). */
  audit: adminProcedure.input(auditQuerySchema).query(({ ctx, input }) => listAudit(ctx.db, input ?? {})),

  /** Emails written to the outbox, newest first (docs/email.md). */
  outbox: adminProcedure.input(outboxQuerySchema).query(({ ctx, input }) => listOutbox(ctx.db, input ?? {}, ctx.user.id)),

  winnerPosts: adminProcedure.input(pageQuerySchema).query(({ ctx, input }) => listAllWinnerPosts(ctx.db, input)),
  createWinnerPost: adminProcedure.input(winnerPostSchema).mutation(async ({ ctx, input }) => {
    const post = await createWinnerPost(ctx.db, input, ctx.user.id);
    return { message: "Winner post created successfully", post };
  }),
  updateWinnerPost: adminProcedure.input(winnerPostUpdateSchema).mutation(async ({ ctx, input }) => {
    const post = await updateWinnerPost(ctx.db, input.id, input.data, ctx.user.id);
    return { message: "Winner post updated successfully", post };
  }),
  deleteWinnerPost: adminProcedure.input(idSchema).mutation(async ({ ctx, input }) => {
    await deleteWinnerPost(ctx.db, input.id, ctx.user.id);
    return { message: "Winner post deleted successfully" };
  }),
});
