import { z } from "zod";
import {
  adminWithdrawalOutput,
  withdrawalCreatedOutput,
  withdrawalOutput,
  withdrawalQuoteOutput,
  withdrawalWithMessageOutput,
} from "@/shared/schemas/responses";
import { processPayoutWebhook } from "../../services/money";
import { callWithJson } from "../json-input";
import { PAGE_PARAMS } from "../paging";
import type { RestRow } from "../derive";
import { gatewayWebhookRow } from "../webhook";

export const withdrawalsRoutes: RestRow[] = [
  {
    method: "POST",
    path: "/api/withdrawals",
    status: 201,
    doc: {
      errors: { 409: "Not enough balance for this withdrawal" },
      output: withdrawalCreatedOutput,
      summary:
        "Withdraw cash to a crypto wallet (the amount is held at once; the payout rules send it at once, hold it for identity, or queue it for an admin, with the reasons)",
      access: "user",
      procedure: "withdrawals.create",
      body: "input",
    },
    call: async (c, { body }) => {
      const w = await callWithJson(c.withdrawals.create, body);
      return {
        id: w.id,
        status: w.status,
        amount: w.amount,
        cryptoCurrency: w.cryptoCurrency,
        network: w.network,
        address: w.address,
        createdAt: w.createdAt,
        route: w.route,
        reasons: w.reasons,
      };
    },
  },
  {
    method: "POST",
    path: "/api/withdrawals/quote",
    doc: {
      output: withdrawalQuoteOutput,
      summary:
        "Before the click: whether this withdrawal would be paid at once, reviewed or held for identity, each payout rule and why (nothing is held)",
      access: "user",
      procedure: "withdrawals.quote",
      body: "input",
    },
  },
  {
    method: "GET",
    path: "/api/withdrawals",
    doc: {
      output: z.array(withdrawalOutput),
      summary: "The player's withdrawals, newest first (a page: ?limit, default 50, ?cursor = the last id seen)",
      access: "user",
      procedure: "withdrawals.mine",
      query: [...PAGE_PARAMS],
    },
  },
  {
    method: "GET",
    path: "/api/admin/withdrawals",
    doc: {
      output: z.array(adminWithdrawalOutput),
      summary:
        "Withdrawals: the pending ones oldest first, or ?status=all every withdrawal newest first (a page: ?limit, default 50, ?cursor = the last id seen)",
      access: "admin",
      procedure: "withdrawals.adminList",
      query: ["status", ...PAGE_PARAMS],
    },
  },
  {
    method: "POST",
    path: "/api/admin/withdrawals/:id/approve",
    doc: {
      errors: { 409: "Already processed" },
      output: withdrawalWithMessageOutput,
      summary: "Approve a withdrawal (sends the payout)",
      access: "admin",
      procedure: "withdrawals.approve",
    },
  },
  {
    method: "POST",
    path: "/api/admin/withdrawals/:id/reject",
    doc: {
      errors: { 409: "Already processed" },
      output: withdrawalWithMessageOutput,
      summary: "Reject a withdrawal (the hold comes back)",
      access: "admin",
      procedure: "withdrawals.reject",
      body: "rest",
    },
  },
  gatewayWebhookRow(
    "/api/withdrawals/webhook",
    "Gateway payout webhook (HMAC-SHA512 of the raw body with the payout key)",
    processPayoutWebhook,
  ),
];
