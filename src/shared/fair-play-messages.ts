/**
 * Fair-play texts a form or the API shows (docs/fair-play.md), apart from the zod schemas of
 * ./fair-play.ts so the browser's ticket code does not load zod.
 */
export const FAIR_PLAY_MESSAGES = {
  answerMissing: "Please answer the question to enter",
  answerWrong: "Incorrect answer",
  freeEntryOwnAccount: "An admin cannot record a free entry for their own account: another admin must record it",
  /** At checkout a cart may hold several contests: the refusal names the one whose answer is wrong. */
  answerMissingFor: (title: string) => `Please answer the skill question of "${title}" to enter`,
  answerWrongFor: (title: string) => `Incorrect answer to the skill question of "${title}"`,
  termsFrozen: (fields: string[]) =>
    `Tickets have been sold, so ${fields.join(", ")} can no longer change (cancel the contest to refund every entrant instead)`,
  minOpen: (hours: number) =>
    `The end date must be at least ${hours} hours after the contest opens, so free postal entries can arrive in time`,
} as const;
