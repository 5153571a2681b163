/**
 * Safer play (docs/fair-play.md "Safer play"): the spend-limit prompt's answer, the cooling-off
 * before a self-exclusion ends (account closure: ../accounts/closure.ts). The limits and the exclusion themselves are
 * enforced by guardSpending (./responsible-play.ts).
 */
import { type LimitChoiceInput, SAFER_PLAY_MESSAGES } from "@/shared/safer-play";
import { SELF_EXCLUSION_COOLING_OFF_HOURS } from "@/shared/responsible-play-messages";
import type { Db } from "../../platform/db";
import { conflict, notFound } from "../../platform/errors";
import { exclusionOf, getLimits, type LimitsView, setLimits } from "./responsible-play";

/**
 * Records the prompt's answer once: "declined", or limits (0 = no spending), which apply at once
 * as any first limit does. The answer is claimed with a conditional UPDATE first, so two answers
 * sent together cannot both count. Afterwards limits change in Responsible play (409 here).
 */
export async function chooseLimits(db: Db, userId: string, input: LimitChoiceInput, now = new Date()): Promise<LimitsView> {
  const claimed = await db.user.updateMany({
    where: { id: userId, limitChoice: null },
    data: { limitChoice: input.choice, limitChoiceAt: now },
  });
  if (claimed.count !== 1) {
    if (!(await db.user.findUnique({ where: { id: userId }, select: { id: true } }))) throw notFound("User not found");
    throw conflict(SAFER_PLAY_MESSAGES.choiceMade);
  }
  if (input.choice === "declined") return { ...(await getLimits(db, userId)), message: SAFER_PLAY_MESSAGES.declined };
  const { choice: _, ...limits } = input;
  return setLimits(db, userId, limits);
}

/**
 * Asks to end a self-exclusion: it ends SELF_EXCLUSION_COOLING_OFF_HOURS from now, or when the
 * chosen period is over if that is later. Asking again keeps the first answer (no pushing it
 * forward by accident); a new self-exclusion withdraws the request.
 */
export function requestExclusionEnd(
  db: Db,
  userId: string,
  now = new Date(),
): Promise<{ message: string; selfExclusionEndsAt: Date }> {
  return db.$transaction(async (tx) => {
    const rows = await tx.$queryRaw<{ selfExcludedUntil: Date | null; selfExclusionEndsAt: Date | null }[]>`
      SELECT "selfExcludedUntil", "selfExclusionEndsAt" FROM "User" WHERE "id" = ${userId} FOR UPDATE`;
    const row = rows[0];
    if (!row) throw notFound("User not found");
    if (!exclusionOf(row, now).excluded) throw conflict(SAFER_PLAY_MESSAGES.notExcluded);
    let endsAt = row.selfExclusionEndsAt;
    if (!endsAt) {
      const coolingOff = new Date(now.getTime() + SELF_EXCLUSION_COOLING_OFF_HOURS * 3_600_000);
      endsAt = row.selfExcludedUntil && row.selfExcludedUntil > coolingOff ? row.selfExcludedUntil : coolingOff;
      await tx.user.update({ where: { id: userId }, data: { selfExclusionEndsAt: endsAt } });
    }
    return { message: SAFER_PLAY_MESSAGES.endRequested(endsAt), selfExclusionEndsAt: endsAt };
  });
}
