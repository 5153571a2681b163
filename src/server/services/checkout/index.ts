/**
 * checkout: OWNS-PLACEHOLDER
 */
export { recordFreeEntry } from "./free-entries";
export { getInstantWinsRecord } from "./instant-wins-record";
export { assertTicketMaxChangeAllowed, listAdminInstantPrizes, setInstantPrizes } from "./instant-wins";
export { claimOnlineFreeEntry, nextOnlineFreeEntryAt } from "./online-free-entry";
export { bundleTiersOf, limitPromoTries, quotePromo } from "./pricing";
export { addToCart, checkout, listPurchases, purchaseInTx } from "./purchases";
export { gateSkillAnswers, skillLocks } from "./skill-question";
export { skillQuestionOf } from "./skill-question";
