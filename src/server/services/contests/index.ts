/**
 * Contests (docs/contests.md): the public reads and the admin's contest, bundle and promo-code changes.
 *
 * Owns (each rule and the function that enforces it):
 * - what the public sees of a contest (never the skill answer): `toPublicContest` (reads.ts)
 * - a contest's price, maximum, end date and question are frozen once a ticket is sold: `updateContest` (admin.ts)
 * - End draws at once, Cancel refunds, each audited: `setContestStatus` (admin.ts)
 * - promo codes and bundle tiers change only by audited admin actions, a large code only with a second approver: `createPromoCode` (promo.ts)
 *
 * Outside this folder, import only this file (scripts/tools/layers.ts).
 */
export { createContest, listAllContests, setContestStatus, updateContest } from "./admin";
export { createPromoCode, listPromoCodes, setBundleTiers, setPromoCodeDisabled } from "./promo";
export { getContest, listActiveContests, pageOfContests, toPublicContest } from "./reads";
export type { PublicContest } from "./reads";
