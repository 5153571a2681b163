import { z } from "zod";
import {
  abuseSignalOutput,
  adminContestOutput,
  analyticsOutput,
  auditPageOutput,
  contestWithMessageOutput,
  freeEntryOutput,
  messageOutput,
  messageWithUserOutput,
  staffProposalOutput,
  statsOutput,
  userOutput,
  winnerPostOutput,
  winnerPostWithMessageOutput,
} from "@/shared/schemas/responses";
import { PAGE_PARAMS } from "../paging";
import type { RestRow } from "../derive";

/** docs/product.md §7 admin rows (payments and conversations live with their own areas). */
export const adminRoutes: RestRow[] = [
  {
    method: "GET",
    path: "/api/admin/audit",
    doc: {
      output: auditPageOutput,
      summary: "Audit log of admin actions, newest first (filters: action, actor, targetId; keyset pages)",
      access: "admin",
      procedure: "admin.audit",
      query: ["action", "actor", "targetId", "limit", "cursor"],
    },
  },
  {
    method: "GET",
    path: "/api/admin/stats",
    doc: { output: statsOutput, summary: "Dashboard figures", access: "admin", procedure: "admin.stats" },
  },
  {
    method: "GET",
    path: "/api/admin/users",
    doc: {
      output: z.array(userOutput),
      summary: "Users newest first (optional search) (a page: ?limit, default 50, ?cursor = the last id seen)",
      access: "admin",
      procedure: "admin.users",
      query: ["search", ...PAGE_PARAMS],
    },
  },
  {
    method: "POST",
    path: "/api/admin/users/:userId/toggle-admin",
    doc: {
      errors: { 409: "The last owner cannot be removed" },
      output: messageWithUserOutput,
      summary:
        "Grant, change or revoke a staff role: { isAdmin, role? } (role: owner, finance, support, content or viewer; owner when omitted)",
      access: "admin",
      procedure: "admin.toggleAdmin",
      body: "rest",
    },
  },
  {
    method: "GET",
    path: "/api/admin/abuse-signals",
    doc: {
      output: z.array(abuseSignalOutput),
      summary:
        "Multi-account and abuse signals, newest first: shared device or payout address, sign-up bursts, disposable e-mail, linked free entries (a page: ?limit, default 50, ?cursor = the last id seen)",
      access: "admin",
      procedure: "admin.abuseSignals",
      query: [...PAGE_PARAMS],
    },
  },
  {
    method: "GET",
    path: "/api/admin/approvals",
    doc: {
      output: z.array(staffProposalOutput),
      summary:
        "Waiting for a second approver: actions one staff member proposed, oldest first (four eyes); ?action = one or more actions, comma-separated (a page: ?limit, default 50, ?cursor = the last id seen)",
      access: "admin",
      procedure: "admin.waitingApprovals",
      query: ["action", ...PAGE_PARAMS],
    },
  },
  {
    method: "POST",
    path: "/api/admin/approvals/:id/cancel",
    doc: {
      output: z.object({ message: z.string(), proposal: staffProposalOutput }),
      summary: "The proposer withdraws their proposal (nobody else can)",
      access: "admin",
      procedure: "admin.cancelApproval",
      errors: { 403: "Only the staff member who proposed it can withdraw a proposal", 404: "Proposal not found" },
    },
  },
  {
    method: "POST",
    path: "/api/admin/users/:userId/credit",
    doc: {
      output: messageWithUserOutput,
      summary:
        "Give a player site credit as goodwill: { amount, reason, expiresInDays? } (spend-only, never withdrawn; audited as credit.grant)",
      access: "admin",
      procedure: "admin.grantCredit",
      body: "rest",
      errors: { 404: "User not found", 409: "The account is closed: it cannot receive credit" },
    },
  },
  {
    method: "GET",
    path: "/api/admin/contests",
    doc: {
      output: z.array(adminContestOutput),
      summary: "Contests newest first (?status, ?search on the title) (a page: ?limit, default 50, ?cursor = the last id seen)",
      access: "admin",
      procedure: "admin.contests",
      query: ["status", "search", ...PAGE_PARAMS],
    },
  },
  {
    method: "POST",
    path: "/api/admin/contests",
    doc: {
      output: contestWithMessageOutput,
      summary: "Create a contest",
      access: "admin",
      procedure: "admin.createContest",
      body: "input",
    },
    status: 201,
  },
  {
    method: "PUT",
    path: "/api/admin/contests/:contestId",
    doc: {
      errors: { 409: "The change touches terms frozen by the first sale" },
      output: contestWithMessageOutput,
      summary: "Edit a contest",
      access: "admin",
      procedure: "admin.updateContest",
      params: { contestId: "id" },
      body: { field: "data" },
    },
  },
  {
    method: "POST",
    path: "/api/admin/contests/:contestId/status",
    doc: {
      errors: { 409: "The contest cannot move to that status from the one it is in" },
      output: contestWithMessageOutput,
      summary: "End, cancel (refunds) or reopen a contest",
      access: "admin",
      procedure: "admin.setContestStatus",
      body: "rest",
    },
  },
  {
    method: "POST",
    path: "/api/admin/contests/:contestId/announce",
    doc: {
      errors: {
        404: "Contest not found",
        409: "This contest was already announced, or it is not on sale",
      },
      output: messageOutput,
      summary: "E-mail players who opted in to offers about a contest on sale (once per contest; docs/retention.md)",
      access: "admin",
      procedure: "admin.announceContest",
    },
  },
  {
    method: "POST",
    path: "/api/admin/contests/:contestId/free-entries",
    status: 201,
    doc: {
      errors: { 403: "An admin cannot record a free entry for their own account", 409: "Sold out or closed" },
      output: freeEntryOutput,
      summary: "Record a received free postal entry (tickets like a purchase, $0)",
      access: "admin",
      procedure: "admin.recordFreeEntry",
      body: "rest",
    },
  },
  {
    method: "GET",
    path: "/api/admin/analytics",
    doc: { output: analyticsOutput, summary: "Charts data", access: "admin", procedure: "admin.analytics" },
  },
  {
    method: "GET",
    path: "/api/admin/winner-posts",
    doc: {
      output: z.array(winnerPostOutput),
      summary: "Winner posts, drafts included, newest win first (a page: ?limit, default 50, ?cursor = the last id seen)",
      access: "admin",
      procedure: "admin.winnerPosts",
      query: [...PAGE_PARAMS],
    },
  },
  {
    method: "POST",
    path: "/api/admin/winner-posts",
    doc: {
      output: winnerPostWithMessageOutput,
      summary: "Create a winner post",
      access: "admin",
      procedure: "admin.createWinnerPost",
      body: "input",
    },
    status: 201,
  },
  {
    method: "PUT",
    path: "/api/admin/winner-posts/:id",
    doc: {
      output: winnerPostWithMessageOutput,
      summary: "Edit a winner post",
      access: "admin",
      procedure: "admin.updateWinnerPost",
      body: { field: "data" },
    },
  },
  {
    method: "DELETE",
    path: "/api/admin/winner-posts/:id",
    doc: { output: messageOutput, summary: "Delete a winner post", access: "admin", procedure: "admin.deleteWinnerPost" },
  },
];
