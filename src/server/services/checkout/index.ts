/**
 * Buying and entering (docs/contests.md, docs/fair-play.md): the atomic checkout, pricing and promo
 * codes, skill questions, free entries (postal and online), and instant wins.
 *
 * Owns (each rule and the function that enforces it):
 * - the whole cart or nothing, prices from the database, spending checked under the buyer's lock: `checkout` (purchases.ts);
 *   a job that buys (auto-entry) writes its own rows in that one transaction through `CheckoutHooks`
 * - bundle tiers and a promo code are applied inside the checkout, a code's use taken once: `applyPricing` (pricing.ts)
 * - a wrong skill answer locks the contest for the account; answers cannot be retried for free: `gateSkillAnswers` (skill-question.ts);
 *   which contests are locked, and until when: `skillLocks`
 * - a postal free entry takes tickets exactly like a purchase: `recordFreeEntry` (free-entries.ts)
 * - one online free entry per player, contest and FREE_ENTRY_PERIOD_HOURS: `claimOnlineFreeEntry` (online-free-entry.ts);
 *   when the next one opens: `nextOnlineFreeEntryAt`
 * - an instant prize is awarded once, in the transaction that numbered the winning ticket: `awardInstantWins` (instant-wins.ts)
 * - instant prizes are set only while no ticket is sold, committed by a hash keyed with the secret seed, worth FOUR_EYES_USD or more only with a second approver: `setInstantPrizes` (instant-wins.ts)
 * - no sale is judged against a guessable (scheme-1) map: it is re-drawn first, won prizes kept, the rest among unsold tickets: `redrawInstantMap` (instant-redraw.ts)
 * - every scheme-1 map not revealed yet is re-drawn at once by npm run instant-wins:redraw: `redrawAllLegacyInstantMaps` (instant-redraw.ts)
 * - a scheme-1 map hash is published only after the reveal: `getInstantWinsRecord` (instant-wins-record.ts)
 *
 * Outside this folder, import only this file (scripts/tools/layers.ts).
 */
export { recordFreeEntry } from "./free-entries";
export { getInstantWinsRecord } from "./instant-wins-record";
export { redrawAllLegacyInstantMaps, redrawInstantMap } from "./instant-redraw";
export { assertTicketMaxChangeAllowed, awardInstantWins, listAdminInstantPrizes, setInstantPrizes } from "./instant-wins";
export { claimOnlineFreeEntry, nextOnlineFreeEntryAt } from "./online-free-entry";
export { applyPricing, bundleTiersOf, limitPromoTries, quotePromo } from "./pricing";
export { addToCart, checkout, listPurchases, purchaseInTx } from "./purchases";
export type { CheckoutHooks } from "./purchases";
export { gateSkillAnswers, skillLocks } from "./skill-question";
export { skillQuestionOf } from "./skill-question";
