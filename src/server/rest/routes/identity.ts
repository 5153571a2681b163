import { z } from "zod";
import {
  identityCheckOutput,
  identityStatusOutput,
  identityStatusWithMessageOutput,
  pendingIdentityCheckOutput,
} from "@/shared/schemas/responses";
import { payoutJobInTx } from "../../jobs/app-jobs";
import { appOrigin } from "../../platform/env";
import { processIdentityWebhook } from "../../services/accounts";
import { releaseIdentityHolds } from "../../services/money";
import { PAGE_PARAMS } from "../paging";
import type { RestRow } from "../derive";
import { gatewayWebhookRow } from "../webhook";

/** Identity only where the law needs it (docs/payments.md "Identity"). */
export const identityRoutes: RestRow[] = [
  {
    method: "GET",
    path: "/api/user/identity",
    doc: {
      output: identityStatusOutput,
      summary: "The player's identity tier, what their withdrawals and prizes need, and what each tier asks and from when",
      access: "user",
      procedure: "identity.status",
    },
  },
  {
    method: "PUT",
    path: "/api/user/identity",
    doc: {
      output: identityStatusWithMessageOutput,
      summary:
        "Tier 1: declare { legalName, dateOfBirth, addressLine, city, postcode, country }; withdrawals held for it are decided again",
      access: "user",
      procedure: "identity.declare",
      body: "input",
      errors: { 409: "A different date of birth is already on file" },
    },
  },
  {
    method: "POST",
    path: "/api/user/identity/check",
    doc: {
      output: identityCheckOutput,
      summary:
        "Tier 2: ask for the identity check (decided by an admin or the provider); answers the reference the provider carries",
      access: "user",
      procedure: "identity.requestCheck",
      errors: { 409: "Tier 1 not declared yet, or a check already waiting or approved" },
    },
  },
  {
    method: "GET",
    path: "/api/admin/identity",
    doc: {
      output: z.array(pendingIdentityCheckOutput),
      summary:
        "Identity checks waiting for a decision, oldest first (a page: ?limit, default 50, ?cursor = the last userId seen)",
      access: "admin",
      procedure: "identity.adminPending",
      query: [...PAGE_PARAMS],
    },
  },
  {
    method: "POST",
    path: "/api/admin/identity/:userId/decision",
    doc: {
      output: identityStatusWithMessageOutput,
      summary:
        "Decide a player's identity check: { decision: approved | rejected, reason, reference? } (audited as identity.decide)",
      access: "admin",
      procedure: "identity.decide",
      body: "rest",
      errors: { 409: "No identity check is waiting for a decision" },
    },
  },
  gatewayWebhookRow(
    "/api/identity/webhook",
    "The identity provider's decision (hex HMAC-SHA256 of the raw body with KYC_WEBHOOK_SECRET in the HMAC header); only the decision and the provider's reference are kept",
    async (db, raw, signature) => {
      const d = await processIdentityWebhook(db, raw, signature);
      await releaseIdentityHolds(db, d.userId, { origin: appOrigin(), enqueueInTx: await payoutJobInTx() });
    },
    {
      400: "the body names no external_id, reference or decision",
      404: "Unknown external_id",
      409: "A different decision was already made",
    },
  ),
];
