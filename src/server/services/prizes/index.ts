/**
 * Prizes after the draw (docs/payments.md "Prize claims", docs/fair-play.md "Prize delivery",
 * "Complaints"): the winner's claim, the delivery trail, complaints with a reference, the winners gallery.
 *
 * Owns (each rule and the function that enforces it):
 * - a cash alternative is credited once per prize; a claim moves only along FULFILMENT_MOVES: `claimPrize` (prizes.ts)
 * - the admin's shipped / delivered moves follow the same table and write the trail: `setPrizeStatus` (prizes.ts)
 * - the admin's list is a keyset page, work first, whatever the history: `listAdminPrizes` (prizes.ts)
 * - the winner confirms or disputes receipt once: `confirmPrizeReceipt` (trail.ts)
 * - a complaint gets a reference and an acknowledgement in one transaction: `fileComplaint` (complaints.ts)
 * - the final answer names the escalation body: `answerComplaint` (complaints.ts)
 * - the complaints queue is a keyset page, open ones earliest due first or all newest first: `listAdminComplaints` (complaints.ts)
 * - the public gallery shows published posts only: `listPublishedWinnerPosts` (winners.ts)
 *
 * Outside this folder, import only this file (scripts/tools/layers.ts).
 */
export {
  addPlayerNote,
  answerComplaint,
  escalationRoute,
  fileComplaint,
  getMyComplaint,
  listAdminComplaints,
  listMyComplaints,
  replyToComplaint,
} from "./complaints";
export { claimPrize, listAdminPrizes, listMyPrizes, setPrizeStatus } from "./prizes";
export { confirmPrizeReceipt, disputePrize, listOverdueFulfilments, publicPrizeTrail } from "./trail";
export { createWinnerPost, deleteWinnerPost, listAllWinnerPosts, updateWinnerPost } from "./winner-posts";
export { listPublishedWinnerPosts } from "./winners";
export type { PublicWinnerPost } from "./winners";
