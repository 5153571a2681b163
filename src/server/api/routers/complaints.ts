import { z } from "zod";
import {
  adminComplaintsQuerySchema,
  complaintMessageSchema,
  complaintRefInputSchema,
  fileComplaintSchema,
} from "@/shared/complaints";
import { adminProcedure, authedProcedure, createTRPCRouter, publicProcedure } from "../trpc";
import {
  addPlayerNote,
  answerComplaint,
  escalationRoute,
  fileComplaint,
  getMyComplaint,
  listAdminComplaints,
  listMyComplaints,
  replyToComplaint,
} from "../../services/prizes";

export const complaintsRouter = createTRPCRouter({
  /** What the public complaints-policy page names: the answer deadline and the escalation route. */
  policy: publicProcedure.input(z.void()).query(() => escalationRoute()),
  file: authedProcedure.input(fileComplaintSchema).mutation(({ ctx, input }) => fileComplaint(ctx.db, ctx.user.id, input)),
  mine: authedProcedure.input(z.void()).query(({ ctx }) => listMyComplaints(ctx.db, ctx.user.id)),
  get: authedProcedure
    .input(complaintRefInputSchema)
    .query(({ ctx, input }) => getMyComplaint(ctx.db, ctx.user.id, input.reference)),
  addNote: authedProcedure.input(complaintMessageSchema).mutation(({ ctx, input }) => addPlayerNote(ctx.db, ctx.user.id, input)),
  adminList: adminProcedure.input(adminComplaintsQuerySchema).query(({ ctx, input }) => listAdminComplaints(ctx.db, input)),
  adminReply: adminProcedure
    .input(complaintMessageSchema)
    .mutation(({ ctx, input }) => replyToComplaint(ctx.db, ctx.user.id, input)),
  adminAnswer: adminProcedure
    .input(complaintMessageSchema)
    .mutation(({ ctx, input }) => answerComplaint(ctx.db, ctx.user.id, input)),
});
