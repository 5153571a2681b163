import { Prisma, type Withdrawal } from "@/generated/prisma/client";
import { noteWithdrawalAddress } from "../../accounts";
import { moneyString as amountString } from "@/shared/money";
import type { PayoutRoute } from "@/shared/payout-rules";
import { mailWithdrawal } from "../../../mail/events";
import { type CreateWithdrawalInput, WITHDRAWAL_MESSAGES } from "@/shared/withdrawals";
import type { Db, DbTx } from "../../../platform/db";
import { conflict } from "../../../platform/errors";
import type { PayoutGateway } from "../../../gateways/payouts";
import { logger } from "../../../platform/logger";
import type { PageQuery } from "@/shared/schemas/paging";
import { ownRowsPage, SORT_KEY } from "../../kernel";
import { applyBalanceChange, InsufficientBalanceError, notify, recordAudit } from "../../kernel";
import type { EnqueuePayoutInTx } from "./admin";
import { decidePayout, describeDecision, gatewayOrNull, payoutSettings, readPayoutFacts, walletFactFor } from "./payout-rules";
import { sendPayout, type PayoutTiming } from "./sending";
import { errText, type PublicWithdrawal, toPublicWithdrawal, TX_OPTIONS } from "./shared";

/** How a request is paid out: the job queue and the origin of the payout's callback (the router supplies them). */
export type RequestOptions = {
  origin?: string;
  gateway?: PayoutGateway;
  /** Queues the payout job inside the request's transaction when the rules send it at once (src/server/jobs/app-jobs.ts). */
  enqueueInTx?: EnqueuePayoutInTx;
  /** false: leave an instant payout to its job (tests); default: one attempt right after the commit. */
  sendNow?: boolean;
} & PayoutTiming;

/**
 * Holds the amount and records the request; 409 when the cash balance does not cover it (under any
 * concurrency). Only cash is withdrawn: the hold is a cash-only ledger row (services/kernel/ledger.ts
 * `LEDGER_BALANCE`), so site credit (instant-win credit, wheel prizes, goodwill) can never leave.
 * Then the payout rules (./payout-rules.ts) route it in the same transaction: instant (processing,
 * the payout job queued with it, one attempt right after the commit), held for identity, or to the
 * admin queue with the failing rules named.
 */
export async function createWithdrawal(
  db: Db,
  userId: string,
  input: CreateWithdrawalInput,
  opts: RequestOptions = {},
): Promise<PublicWithdrawal> {
  const amount = new Prisma.Decimal(input.amount);
  const address = input.address.trim();
  // The payout wallet is asked before the transaction: never a network call inside one.
  const gateway = await gatewayOrNull(db, opts.gateway);
  const wallet = await walletFactFor(gateway, input.cryptoCurrency, amountString(amount));
  const settings = payoutSettings();
  let created: { w: Withdrawal; route: PayoutRoute };
  try {
    created = await db.$transaction(async (tx) => {
      const w = await tx.withdrawal.create({
        data: { userId, amount, cryptoCurrency: input.cryptoCurrency, network: input.network, address },
      });
      // The hold takes the player's row lock; the rules' facts are read after it, so two requests at
      // once count each other. The cash the rules weigh is what there was before this hold.
      let cashBefore: Prisma.Decimal;
      try {
        const held = await applyBalanceChange(tx, {
          userId,
          amount: amount.negated(),
          kind: "withdrawal_hold",
          reference: w.id,
          note: `${input.cryptoCurrency} ${input.network}`,
        });
        cashBefore = held.cashBalance.add(amount);
      } catch (err) {
        // Said inside the transaction (its own connection): no money at all, or money that is credit.
        if (err instanceof InsufficientBalanceError) throw conflict(await shortOfCash(tx, userId, amount));
        throw err;
      }
      // An address another account withdrew to links the two (a signal the rules below then read).
      await noteWithdrawalAddress(tx, userId, address);
      const facts = await readPayoutFacts(tx, userId, { amount, address, excludeId: w.id }, wallet, settings);
      facts.cashBalance = cashBefore;
      const decision = decidePayout(facts, settings);
      const said = describeDecision(decision, facts);
      const instant = decision.route === "instant";
      const routed = await tx.withdrawal.update({
        where: { id: w.id },
        data: {
          route: decision.route,
          ruleChecks: decision.checks,
          ...(instant ? { status: "processing", autoApproved: true, processedAt: new Date() } : {}),
        },
      });
      if (instant) {
        await recordAudit(tx, {
          actorId: null,
          action: "withdrawal.auto_approve",
          targetType: "withdrawal",
          targetId: w.id,
          before: { status: "pending", amount: amountString(amount) },
          after: { status: "processing", route: decision.route, rules: decision.checks.map((c) => c.rule) },
        });
        // The payout job commits with the withdrawal: a crash right after the commit still leaves one.
        await opts.enqueueInTx?.(tx, { id: w.id, origin: opts.origin ?? "" });
      }
      await notify(tx, userId, {
        type: "other",
        title: "Withdrawal Requested",
        message: requestedMessage(amount, input.cryptoCurrency, decision.route, said.summary),
      });
      if (!instant)
        await mailWithdrawal(tx, { ...w, amount: amountString(w.amount) }, { kind: "requested", route: decision.route });
      return { w: routed, route: decision.route };
    }, TX_OPTIONS);
  } catch (err) {
    if (err instanceof InsufficientBalanceError) throw conflict(WITHDRAWAL_MESSAGES.insufficient);
    throw err;
  }
  logger.info({ withdrawalId: created.w.id, userId, amount: amountString(amount), route: created.route }, "withdrawal requested");
  if (created.route === "instant" && opts.sendNow !== false && gateway) {
    // One attempt now; a failure to even try is the job's (and the sweeper's) to repeat.
    await sendPayout(db, created.w.id, { ...opts, origin: opts.origin ?? "", gateway }).catch((err: unknown) =>
      logger.warn({ withdrawalId: created.w.id, err: errText(err) }, "instant payout attempt failed; the job retries"),
    );
    return toPublicWithdrawal(await db.withdrawal.findUniqueOrThrow({ where: { id: created.w.id } }));
  }
  return toPublicWithdrawal(created.w);
}

function requestedMessage(amount: Prisma.Decimal, coin: string, route: PayoutRoute, summary: string): string {
  const what = `Your withdrawal of $${amountString(amount)} in ${coin}`;
  if (route === "instant") return `${what} is being sent to your wallet now.`;
  if (route === "identity") return `${what} is held until your identity is verified, then paid. ${summary}`;
  return `${what} is waiting for approval. ${summary}`;
}

/** Why the hold did not pass: no money at all, or money that is site credit and cannot be withdrawn. */
async function shortOfCash(db: DbTx, userId: string, amount: Prisma.Decimal): Promise<string> {
  const u = await db.user.findUnique({ where: { id: userId }, select: { balance: true, cashBalance: true } });
  if (!u || u.balance.lt(amount)) return WITHDRAWAL_MESSAGES.insufficient;
  return WITHDRAWAL_MESSAGES.creditNotWithdrawable(amountString(u.cashBalance));
}

/** The player's withdrawals newest first: a keyset page (default 50; `cursor` = the last id seen). */
export async function listMyWithdrawals(db: Db, userId: string, q: PageQuery = {}): Promise<PublicWithdrawal[]> {
  const page = await ownRowsPage(q, userId, (where) => db.withdrawal.findFirst({ where, select: SORT_KEY }));
  const rows = await db.withdrawal.findMany({
    ...page,
  });
  return rows.map(toPublicWithdrawal);
}
