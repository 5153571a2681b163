import { type LimitChoiceInput, limitChoiceSchema } from "@/shared/safer-play";
import { LIMIT_CHOICE_REQUIRED, type LimitDraft } from "./SpendLimitFields";

/**
 * The spend-limit prompt's draft as the server takes it, or the message to show (the shared schema
 * decides). A module of its own: the schema brings zod, which the sign-up page loads on demand.
 */
export function limitDraftInput(d: LimitDraft): { input: LimitChoiceInput } | { error: string } {
  if (!d.choice) return { error: LIMIT_CHOICE_REQUIRED };
  const raw = d.choice === "declined" ? { choice: "declined" } : { choice: "set", [d.period]: d.amount };
  const parsed = limitChoiceSchema.safeParse(raw);
  return parsed.success ? { input: parsed.data } : { error: parsed.error.issues[0]?.message ?? LIMIT_CHOICE_REQUIRED };
}
