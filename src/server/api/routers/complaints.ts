import { z } from "zod";
import { complaintMessageSchema, complaintRefInputSchema, fileComplaintSchema } from "@/shared/complaints";
import * as complaints from "../../services/prizes";
import { adminProcedure, authedProcedure, createTRPCRouter, publicProcedure } from "../trpc";

export const complaintsRouter = createTRPCRouter({
  /** What the public complaints-policy page names: the answer deadline and the escalation route. */
  policy: publicProcedure.input(z.void()).query(() => complaints.escalationRoute()),
  file: authedProcedure
    .input(fileComplaintSchema)
    .mutation(({ ctx, input }) => complaints.fileComplaint(ctx.db, ctx.user.id, input)),
  mine: authedProcedure.input(z.void()).query(({ ctx }) => complaints.listMyComplaints(ctx.db, ctx.user.id)),
  get: authedProcedure
    .input(complaintRefInputSchema)
    .query(({ ctx, input }) => complaints.getMyComplaint(ctx.db, ctx.user.id, input.reference)),
  addNote: authedProcedure
    .input(complaintMessageSchema)
    .mutation(({ ctx, input }) => complaints.addPlayerNote(ctx.db, ctx.user.id, input)),
  adminList: adminProcedure.input(z.void()).query(({ ctx }) => complaints.listAdminComplaints(ctx.db)),
  adminReply: adminProcedure
    .input(complaintMessageSchema)
    .mutation(({ ctx, input }) => complaints.replyToComplaint(ctx.db, ctx.user.id, input)),
  adminAnswer: adminProcedure
    .input(complaintMessageSchema)
    .mutation(({ ctx, input }) => complaints.answerComplaint(ctx.db, ctx.user.id, input)),
});
