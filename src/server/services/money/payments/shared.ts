/** What the top-up flows share: the webhook path, the gateway statuses that mean paid or still open, the 502 error. */
import { GATEWAY_STATUS_RANK } from "@/shared/constants";
import { DomainError } from "../../../platform/errors";

export const WEBHOOK_PATH = "/api/payments/webhook";
/** Gateway statuses that mean the money arrived (credited automatically when AUTO_APPROVE_PAID=true). */
export const PAID_STATUSES = new Set(["paid", "manual_accept"]);

export const badGateway = (m: string) => new DomainError("BAD_GATEWAY", m);

/** Gateway statuses of a top-up that is still waiting for money (before paid / expired / failed). */
export const UNPAID_STATUSES = Object.entries(GATEWAY_STATUS_RANK)
  .filter(([, rank]) => rank < (GATEWAY_STATUS_RANK.paid ?? 4))
  .map(([status]) => status);
