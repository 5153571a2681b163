/**
 * Skill questions at checkout (docs/fair-play.md): a contest with a question takes an entry only
 * with the right answerIndex. Checked before any money moves, inside the purchase transaction.
 *
 * The question must be a real test (the legal basis of a prize competition), so it cannot be retried
 * for free: `gateSkillAnswers` runs before the purchase transaction (so what it writes stays when
 * the purchase is refused) and counts every evaluated answer per account and contest with one atomic
 * counter. After SKILL_MAX_ATTEMPTS wrong answers (default 1) the contest is locked for that account
 * for SKILL_LOCK_HOURS (default 24), and the answer says when they may try again; answers sent in
 * parallel are counted before they are judged, so only SKILL_MAX_ATTEMPTS of them are ever judged.
 * A right answer clears the counter (buying more tickets later asks again). Every judged answer is
 * a SkillAnswerAttempt row.
 */
import { type SkillQuestion, skillQuestionSchema } from "@/shared/fair-play";
import { FAIR_PLAY_MESSAGES } from "@/shared/fair-play-messages";
import type { CartLine } from "@/shared/schemas/cart";
import type { Db } from "../../platform/db";
import { getEnv } from "../../platform/env";
import { badRequest, tooManyRequests } from "../../platform/errors";
import { hit, type RateRule, resetLimit, retryText } from "../../security/rate-limit";

/** The stored skill question, or null when absent or unreadable. */
export function skillQuestionOf(value: unknown): SkillQuestion | null {
  if (value === null || value === undefined) return null;
  const parsed = skillQuestionSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export function skillLockRule(): RateRule {
  const env = getEnv();
  const lockMs = env.SKILL_LOCK_HOURS * 3600_000;
  return { limit: env.SKILL_MAX_ATTEMPTS, windowMs: lockMs, blockMs: lockMs };
}
const skillKey = (contestId: string, userId: string) => `skill:${contestId}:${userId}`;

/** The lock message: when they may answer this contest's question again. */
export const skillLocked = (retry: string) =>
  `You have used your attempts at this contest's question. You may answer it again ${retry}.`;

/**
 * Judges the answers of `items` for `userId` before any purchase work, counting and recording each
 * (see above). Throws 400 (missing / wrong, with when to retry) or 429 (locked).
 */
export async function gateSkillAnswers(db: Db, userId: string, items: readonly CartLine[], now = new Date()): Promise<void> {
  // No answer given: nothing to judge here (a contest with a question is refused in the purchase as
  // unanswered), and the common purchase pays for no extra query.
  if (items.every((i) => i.answerIndex === undefined)) return;
  const ids = [...new Set(items.map((i) => i.contestId))];
  const contests = await db.contest.findMany({
    where: { id: { in: ids } },
    select: { id: true, title: true, skillQuestion: true },
  });
  const rule = skillLockRule();
  for (const c of contests) {
    const q = skillQuestionOf(c.skillQuestion);
    if (!q) continue;
    const answers = items.filter((i) => i.contestId === c.id).map((i) => i.answerIndex);
    if (answers.some((a) => a === undefined)) throw badRequest(FAIR_PLAY_MESSAGES.answerMissingFor(c.title));
    const state = await hit(db, skillKey(c.id, userId), rule, { now });
    if (state.points > rule.limit)
      throw tooManyRequests(skillLocked(retryText(state.retryAfterSeconds)), state.retryAfterSeconds);
    const chosen = answers.find((a) => a !== q.correctIndex) ?? (answers[0] as number);
    const correct = chosen === q.correctIndex;
    await db.skillAnswerAttempt.create({ data: { userId, contestId: c.id, answerIndex: chosen, correct, createdAt: now } });
    if (!correct) {
      const left = rule.limit - state.points;
      const when =
        left > 0
          ? `${left} attempt${left === 1 ? "" : "s"} left`
          : `you may answer this contest's question again ${retryText(state.retryAfterSeconds)}`;
      throw badRequest(`${FAIR_PLAY_MESSAGES.answerWrongFor(c.title)}: ${when}.`);
    }
    await resetLimit(db, skillKey(c.id, userId));
  }
}

/**
 * The contests among `contestIds` whose question this player may not answer now, and until when
 * (the lock above, read without counting): the cart marks those lines and leaves them out of the
 * checkout, and the contest page says when the question opens again, before any click.
 */
export async function skillLocks(
  db: Db,
  userId: string,
  contestIds: readonly string[],
  now = new Date(),
): Promise<{ contestId: string; until: Date }[]> {
  const ids = [...new Set(contestIds)];
  if (ids.length === 0) return [];
  const rule = skillLockRule();
  const rows = await db.rateLimit.findMany({
    where: { key: { in: ids.map((id) => skillKey(id, userId)) }, points: { gte: rule.limit }, expiresAt: { gt: now } },
  });
  const byKey = new Map(rows.map((r) => [r.key, r.expiresAt]));
  return ids.flatMap((contestId) => {
    const until = byKey.get(skillKey(contestId, userId));
    return until ? [{ contestId, until }] : [];
  });
}

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
