import { Prisma } from "@/generated/prisma/client";
import { moneyString as amountString } from "@/shared/money";
import { mailWithdrawal } from "../../../mail/events";
import { type CreateWithdrawalInput, WITHDRAWAL_MESSAGES } from "@/shared/withdrawals";
import type { Db, DbTx } from "../../../platform/db";
import { conflict } from "../../../platform/errors";
import { logger } from "../../../platform/logger";
import type { PageQuery } from "@/shared/schemas/paging";
import { ownRowsPage, SORT_KEY } from "../../kernel";
import { applyBalanceChange, InsufficientBalanceError } from "../../kernel";
import { notify } from "../../kernel";
import { type PublicWithdrawal, toPublicWithdrawal, TX_OPTIONS } from "./shared";

/**
 * Holds the amount and records the request; 409 when the cash balance does not cover it (under any
 * concurrency). Only cash is withdrawn: the hold is a cash-only ledger row (services/kernel/ledger.ts
 * `LEDGER_BALANCE`), so site credit (instant-win credit, wheel prizes, goodwill) can never leave.
 */
export async function createWithdrawal(db: Db, userId: string, input: CreateWithdrawalInput): Promise<PublicWithdrawal> {
  const amount = new Prisma.Decimal(input.amount);
  try {
    const created = await db.$transaction(async (tx) => {
      const w = await tx.withdrawal.create({
        data: {
          userId,
          amount,
          cryptoCurrency: input.cryptoCurrency,
          network: input.network,
          address: input.address.trim(),
        },
      });
      try {
        await applyBalanceChange(tx, {
          userId,
          amount: amount.negated(),
          kind: "withdrawal_hold",
          reference: w.id,
          note: `${input.cryptoCurrency} ${input.network}`,
        });
      } catch (err) {
        // Said inside the transaction (its own connection): no money at all, or money that is credit.
        if (err instanceof InsufficientBalanceError) throw conflict(await shortOfCash(tx, userId, amount));
        throw err;
      }
      await notify(tx, userId, {
        type: "other",
        title: "Withdrawal Requested",
        message: `Your withdrawal of $${amountString(amount)} in ${input.cryptoCurrency} is waiting for approval.`,
      });
      await mailWithdrawal(tx, { ...w, amount: amountString(w.amount) }, { kind: "requested" });
      return w;
    }, TX_OPTIONS);
    logger.info({ withdrawalId: created.id, userId, amount: amountString(amount) }, "withdrawal requested");
    return toPublicWithdrawal(created);
  } catch (err) {
    if (err instanceof InsufficientBalanceError) throw conflict(WITHDRAWAL_MESSAGES.insufficient);
    throw err;
  }
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
