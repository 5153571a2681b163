/**
 * Ticket numbers (docs/contests.md "Pick your numbers"): picking, holds, and the one allocation
 * through which every ticket, paid or free, is taken.
 *
 * Owns (each rule and the function that enforces it):
 * - every ticket is taken through one function, under the contest's row lock: `allocateTickets` (allocation.ts)
 * - a consecutive line takes the next range with one conditional UPDATE: `takeTickets` (taking.ts)
 * - a per-player cap is checked under that lock: `checkPlayerCap` (taking.ts)
 * - a held number is the holder's for TICKET_HOLD_MINUTES: `holdNumbers` (holds.ts)
 * - a lucky dip takes numbers nobody holds: `luckyDip` (holds.ts)
 *
 * Outside this folder, import only this file (scripts/tools/layers.ts).
 */
export { allocateTickets, checkPickLine, entryIdsFor } from "./allocation";
export type { AllocatableContest, Allocation, AllocationLine } from "./allocation";
export { holdNumbers, luckyDip, releaseNumbers } from "./holds";
export { luckyNumbers, nthSoldNumber, numbersPage } from "./picking";
export { checkPlayerCap, takeTickets, whyNot } from "./taking";
