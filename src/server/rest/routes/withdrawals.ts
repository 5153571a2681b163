import { z } from "zod";
import {
  adminWithdrawalOutput,
  withdrawalCreatedOutput,
  withdrawalOutput,
  withdrawalWithMessageOutput,
} from "@/shared/schemas/responses";
import { DomainError } from "../../platform/errors";
import { BODY_LIMITS, readBodyText } from "../../security/body-limit";
import { processPayoutWebhook } from "../../services/withdrawals";
import { callWithJson } from "../json-input";
import { PAGE_PARAMS, queryInput } from "../paging";
import type { RestRoute } from "../types";

export const withdrawalsRoutes: RestRoute[] = [
  {
    method: "POST",
    path: "/api/withdrawals",
    status: 201,
    doc: {
      output: withdrawalCreatedOutput,
      summary: "Withdraw to a crypto wallet (the amount is held at once)",
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
      };
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
    call: (c, { query }) => callWithJson(c.withdrawals.mine, queryInput(query)),
  },
  {
    method: "GET",
    path: "/api/admin/withdrawals",
    doc: {
      output: z.array(adminWithdrawalOutput),
      summary: "Withdrawals, pending first",
      access: "admin",
      procedure: "withdrawals.adminList",
    },
    call: (c) => c.withdrawals.adminList(),
  },
  {
    method: "POST",
    path: "/api/admin/withdrawals/:id/approve",
    doc: {
      output: withdrawalWithMessageOutput,
      summary: "Approve a withdrawal (sends the payout)",
      access: "admin",
      procedure: "withdrawals.approve",
    },
    call: (c, { params }) => c.withdrawals.approve({ id: params.id ?? "" }),
  },
  {
    method: "POST",
    path: "/api/admin/withdrawals/:id/reject",
    doc: {
      output: withdrawalWithMessageOutput,
      summary: "Reject a withdrawal (the hold comes back)",
      access: "admin",
      procedure: "withdrawals.reject",
      body: "rest",
    },
    call: (c, { params, body }) => callWithJson(c.withdrawals.reject, { id: params.id ?? "", reason: body.reason }),
  },
  /** The gateway's payout webhook (signed with the payout API key); answers 200 text "ok". */
  {
    method: "POST",
    path: "/api/withdrawals/webhook",
    doc: {
      summary: "Gateway payout webhook (HMAC-SHA512 of the raw body with the payout key)",
      access: "public",
      rawBody: { contentType: "application/json", description: "The gateway's JSON exactly as signed" },
      response: { status: 200, contentType: "text/plain", description: "ok" },
    },
    raw: async (req, { ctx }) => {
      const read = await readBodyText(req, BODY_LIMITS.webhook);
      if (!read.ok) throw new DomainError(read.status === 413 ? "PAYLOAD_TOO_LARGE" : "BAD_REQUEST", read.message);
      await processPayoutWebhook(ctx.db, read.text, req.headers.get("hmac"), { ip: ctx.ip });
      return new Response("ok", { status: 200, headers: { "content-type": "text/plain; charset=utf-8" } });
    },
  },
];
