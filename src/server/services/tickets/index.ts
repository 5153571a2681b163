/**
 * tickets: OWNS-PLACEHOLDER
 */
export { allocateTickets, checkPickLine, entryIdsFor } from "./allocation";
export type { AllocatableContest, Allocation, AllocationLine } from "./allocation";
export { holdNumbers, luckyDip, releaseNumbers } from "./holds";
export { luckyNumbers, nthSoldNumber, numbersPage } from "./picking";
export { whyNot } from "./taking";
