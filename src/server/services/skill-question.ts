/**
 * Skill questions at checkout (docs/fair-play.md): a contest with a question takes an entry only
 * with the right answerIndex. Checked before any money moves, inside the purchase transaction.
 */
import { FAIR_PLAY_MESSAGES } from "@/shared/fair-play";
import type { CartLine } from "@/shared/schemas/cart";
import { badRequest } from "../errors";
import { skillQuestionOf } from "./contests";

/** Throws 400 naming the first contest whose question is not answered, or not answered right. */
export function checkSkillAnswers(
  contests: { id: string; title: string; skillQuestion: unknown }[],
  items: readonly CartLine[],
): void {
  for (const c of contests) {
    const q = skillQuestionOf(c.skillQuestion);
    if (!q) continue;
    const answers = items.filter((i) => i.contestId === c.id).map((i) => i.answerIndex);
    if (answers.some((a) => a === undefined)) throw badRequest(FAIR_PLAY_MESSAGES.answerMissingFor(c.title));
    if (answers.some((a) => a !== q.correctIndex)) throw badRequest(FAIR_PLAY_MESSAGES.answerWrongFor(c.title));
  }
}
