import { z } from "zod";
import { autoEntryIdSchema, createAutoEntrySchema } from "@/shared/schemas/auto-entry";
import { cancelAutoEntry, createAutoEntry, listAutoEntries } from "../../services/retention";
import { authedProcedure, createTRPCRouter } from "../trpc";

/** Auto-entry, standing orders (docs/retention.md "Auto-entry"): list, set up (first round bought at once), cancel. */
export const autoEntryRouter = createTRPCRouter({
  mine: authedProcedure.input(z.void()).query(({ ctx }) => listAutoEntries(ctx.db, ctx.user.id)),
  create: authedProcedure.input(createAutoEntrySchema).mutation(({ ctx, input }) => createAutoEntry(ctx.db, ctx.user.id, input)),
  cancel: authedProcedure.input(autoEntryIdSchema).mutation(({ ctx, input }) => cancelAutoEntry(ctx.db, ctx.user.id, input.id)),
});
