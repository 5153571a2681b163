/**
 * Ticket numbers (docs/contests.md "Pick your numbers"): picking, holds, and the one allocation
 * through which every ticket, paid or free, is taken.
 *
 * Owns (each rule and the function that enforces it):
 * - every ticket is taken through one function, under the contest's row lock: `allocateTickets` (allocation.ts)
 * - a consecutive line takes the next range with one conditional UPDATE: `takeTickets` (taking.ts)
 * - a per-player cap is checked under that lock: `checkPlayerCap` (taking.ts)
 * - a held number is the holder's for TICKET_HOLD_MINUTES, at most holdTotalMinutes without a break, and ends with its session: `holdNumbers` (holds.ts)
 * - only a player who may spend what they hold holds (exclusion, limits, balance, cap, share), counted under their row lock: `holdNumbers` (holds.ts)
 * - a lucky dip (cart, checkout, free entries) draws among unsold numbers, holds ignored, so holds cannot steer or block it: `luckyNumbers` (picking.ts)
 * - the cart's lucky dip takes the drawn numbers over, held or not: `luckyDip` (holds.ts)
 * - a self-excluded player's holds stop counting: `unavailableNumbers` (picking.ts)
 *
 * Outside this folder, import only this file (scripts/tools/layers.ts).
 */
export { allocateTickets, checkPickLine, entryIdsFor } from "./allocation";
export type { AllocatableContest, Allocation, AllocationLine } from "./allocation";
export { holdNumbers, luckyDip, releaseNumbers } from "./holds";
export type { Holder } from "./holds";
export { luckyNumbers, nthSoldNumber, numbersPage, unavailableNumbers } from "./picking";
export { checkPlayerCap, takeTickets, whyNot } from "./taking";
