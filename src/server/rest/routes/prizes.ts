import { z } from "zod";
import {
  adminPrizeOutput,
  disputeOutput,
  messageOutput,
  overdueFulfilmentsOutput,
  prizeOutput,
  publicPrizeTrailOutput,
} from "@/shared/schemas/responses";
import { PAGE_PARAMS } from "../paging";
import type { RestRow } from "../derive";

export const prizesRoutes: RestRow[] = [
  {
    method: "GET",
    path: "/api/user/prizes",
    doc: {
      output: z.array(prizeOutput),
      summary:
        "The player's prizes, their claim status and delivery trail, newest first (a page: ?limit, default 50, ?cursor = the last id seen)",
      access: "user",
      procedure: "prizes.mine",
      query: [...PAGE_PARAMS],
    },
  },
  {
    method: "POST",
    path: "/api/user/prizes/:id/claim",
    doc: {
      errors: { 409: "Already claimed, or the claim period has ended" },
      output: prizeOutput,
      summary: "Claim a prize: the cash alternative or delivery",
      access: "user",
      procedure: "prizes.claim",
      body: "rest",
    },
  },
  {
    method: "GET",
    path: "/api/contests/:contestId/prize-trail",
    doc: {
      output: publicPrizeTrailOutput,
      summary: "The public delivery trail of a contest's prize: masked winner name, timestamped steps, no address",
      access: "public",
      procedure: "prizes.trail",
      errors: { 404: "no prize has been drawn for this contest" },
    },
  },
  {
    method: "POST",
    path: "/api/user/prizes/:id/confirm",
    doc: {
      output: messageOutput,
      summary: "The winner confirms the prize arrived (after it shipped)",
      access: "user",
      procedure: "prizes.confirmReceipt",
      errors: { 409: "the prize has not shipped, or is already confirmed or disputed" },
    },
  },
  {
    method: "POST",
    path: "/api/user/prizes/:id/dispute",
    doc: {
      output: disputeOutput,
      summary: "The winner disputes the delivery: files a complaint about the prize and answers its reference",
      access: "user",
      procedure: "prizes.dispute",
      body: "rest",
      errors: { 409: "the prize has not shipped, or is already confirmed or disputed" },
    },
  },
  {
    method: "GET",
    path: "/api/admin/prizes/overdue",
    doc: {
      output: overdueFulfilmentsOutput,
      summary: "Prize fulfilments past the target (PRIZE_FULFILMENT_TARGET_DAYS after the request), oldest first",
      access: "admin",
      procedure: "prizes.adminOverdue",
    },
  },
  {
    method: "GET",
    path: "/api/admin/prizes",
    doc: {
      output: z.array(adminPrizeOutput),
      summary:
        "Prizes and their claim status, work first (disputed, requested, shipped), newest first in each (a page: ?limit, default 50, ?cursor = the last id seen)",
      access: "admin",
      procedure: "prizes.adminList",
      query: [...PAGE_PARAMS],
    },
  },
  {
    method: "POST",
    path: "/api/admin/prizes/:id/status",
    doc: {
      errors: { 409: "The prize's status does not allow that step" },
      output: prizeOutput,
      summary: "Mark a prize shipped (carrier and trackingRef required) or delivered",
      access: "admin",
      procedure: "prizes.setStatus",
      body: "rest",
    },
  },
];
