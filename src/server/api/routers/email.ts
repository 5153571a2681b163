import { emailPreferencesSchema } from "@/shared/schemas/email";
import { getEmailPreferences, setEmailPreferences } from "../../mail/outbox";
import { authedProcedure, createTRPCRouter } from "../trpc";

/** The player's optional emails (Account Settings; docs/email.md). Security mail is always sent. */
export const emailRouter = createTRPCRouter({
  preferences: authedProcedure.query(({ ctx }) => getEmailPreferences(ctx.db, ctx.user.id)),
  setPreferences: authedProcedure.input(emailPreferencesSchema).mutation(async ({ ctx, input }) => {
    const preferences = await setEmailPreferences(ctx.db, ctx.user.id, input);
    return { message: "Email preferences saved", preferences };
  }),
});
