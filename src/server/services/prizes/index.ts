/**
 * prizes: OWNS-PLACEHOLDER
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
