/**
 * What the withdrawal, prize and review-queue REST rows answer; re-exported by ./responses.ts, where
 * every row's answer schema is found.
 */
import { z } from "zod";
import { CRYPTO_CURRENCIES } from "../constants";
import { WITHDRAWAL_NETWORKS } from "../networks";
import { PRIZE_STATUSES } from "../prizes";
import { PAYOUT_RULES } from "../payout-rules";
import { WITHDRAWAL_STATUSES } from "../withdrawals";
import { id, message, money, nameAnswers, time, userRef } from "./response-primitives";
import { trailStepOutput } from "./tracker-responses";

const routeOutput = z.enum(["instant", "review", "identity"]);
const ruleOutput = z.enum(PAYOUT_RULES);
/** A failing payout rule, as the player and the admin read it (docs/payments.md "Instant payouts"). */
const reasonOutput = z.object({ rule: ruleOutput, label: z.string(), message: z.string() });
const withdrawalBase = z.object({
  id,
  status: z.enum(WITHDRAWAL_STATUSES),
  amount: money,
  cryptoCurrency: z.enum(CRYPTO_CURRENCIES),
  network: z.enum(WITHDRAWAL_NETWORKS),
  address: z.string(),
  createdAt: time,
  /** instant: paid without a person; review: an admin decides; identity: held until the player is verified. */
  route: routeOutput.nullable(),
  /** The payout rules that did not hold (empty for an instant payout). */
  reasons: z.array(reasonOutput),
});
export const withdrawalCreatedOutput = withdrawalBase;
export const withdrawalOutput = withdrawalBase.extend({
  payAmount: z.string().nullable(),
  txid: z.string().nullable(),
  paidAt: time.nullable(),
  rejectionReason: z.string().nullable(),
  failureReason: z.string().nullable(),
});
/** POST /api/withdrawals/quote: whether this withdrawal would be instant, reviewed or held, and why; nothing is held. */
export const withdrawalQuoteOutput = z.object({
  route: routeOutput,
  enoughCash: z.boolean(),
  cashBalance: money,
  summary: z.string(),
  checks: z.array(reasonOutput.extend({ ok: z.boolean() })),
  failed: z.array(ruleOutput),
  identity: z.object({ required: z.number().int(), verified: z.number().int(), asks: z.array(z.string()) }),
});
export const adminWithdrawalOutput = withdrawalOutput.extend({
  user: userRef,
  processedAt: time.nullable(),
  attempts: z.number().int(),
  /** Four eyes (docs/admin.md "Four eyes"): this withdrawal needs two staff members' approval. */
  needsSecondApprover: z.boolean(),
  /** The approval waiting for a second staff member, if one was proposed. */
  proposal: z.object({ id: z.string(), proposedById: z.string(), proposedByEmail: z.string(), createdAt: time }).nullable(),
});
export const withdrawalWithMessageOutput = z.object({ message, withdrawal: withdrawalOutput });

const prizeBase = z.object({
  id,
  contestId: id,
  contestTitle: z.string(),
  cashAlternative: money.nullable(),
  status: z.enum(PRIZE_STATUSES),
  claimBy: time,
  /** What was won: an instant prize's own name, or the contest's prize (its title) for the draw. */
  prizeTitle: z.string(),
  /** Won instantly at checkout (an instant prize of the contest), not in the contest's draw. */
  instant: z.boolean(),
});
export const prizeOutput = prizeBase.extend({
  /** Where to ship a physical prize, as the winner gave it (src/shared/prizes.ts deliverySchema). */
  delivery: z.record(z.string(), z.string()).nullable(),
  note: z.string().nullable(),
  claimedAt: time.nullable(),
  /** The winner's own trail (tracking reference and complaint reference in full). */
  trail: z.array(trailStepOutput),
});
export const adminPrizeOutput = prizeOutput.extend({ user: userRef });

/** The admin review queue (src/server/services/money/review-queue.ts ReviewRow). */
export const reviewRowOutput = z.object({
  id,
  kind: z.enum(["late_payment", "refund_after_credit", "payout_unknown", "reconcile_difference"]),
  status: z.enum(["open", "credited", "taken_back", "resolved"]),
  userId: z.string().nullable(),
  userEmail: z.string().nullable(),
  paymentId: z.string().nullable(),
  withdrawalId: z.string().nullable(),
  amount: z.string().nullable(),
  claimAmount: z.string().nullable(),
  summary: z.string(),
  details: z.unknown(),
  resolution: z.string().nullable(),
  resolvedAt: time.nullable(),
  createdAt: time,
  /** What an admin may do with it (the server refuses the others). */
  actions: z.array(z.enum(["credit", "takeBack", "settlePayout", "dismiss"])),
});
export const reviewDecisionOutput = z.object({ message, entry: reviewRowOutput });
export const reviewTakeBackOutput = z.object({ message, taken: z.string(), claim: z.string(), entry: reviewRowOutput });
export const reviewSettlePayoutOutput = z.object({ message, withdrawal: withdrawalOutput });

nameAnswers({
  NewWithdrawal: withdrawalCreatedOutput,
  Withdrawal: withdrawalOutput,
  AdminWithdrawal: adminWithdrawalOutput,
  Prize: prizeOutput,
  AdminPrize: adminPrizeOutput,
  ReviewEntry: reviewRowOutput,
});
