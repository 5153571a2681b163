/**
 * contests: OWNS-PLACEHOLDER
 */
export { createContest, listAllContests, setContestStatus, updateContest } from "./admin";
export { createPromoCode, listPromoCodes, setBundleTiers, setPromoCodeDisabled } from "./promo";
export { getContest, listActiveContests, toPublicContest } from "./reads";
export type { PublicContest } from "./reads";
