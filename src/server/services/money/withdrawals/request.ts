import { Prisma } from "@/generated/prisma/client";
import { moneyString as amountString } from "@/shared/money";
import { mailWithdrawal } from "../../../mail/events";
import type { CreateWithdrawalInput } from "@/shared/withdrawals";
import type { Db } from "../../../platform/db";
import { conflict } from "../../../platform/errors";
import { logger } from "../../../platform/logger";
import type { PageQuery } from "@/shared/schemas/paging";
import { ownRowsPage, SORT_KEY } from "../../kernel";
import { applyBalanceChange, InsufficientBalanceError } from "../../kernel";
import { notify } from "../../kernel";
import { type PublicWithdrawal, toPublicWithdrawal, TX_OPTIONS } from "./shared";

/** Holds the amount and records the request; 409 when the balance does not cover it (under any concurrency). */
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
      await applyBalanceChange(tx, {
        userId,
        amount: amount.negated(),
        kind: "withdrawal_hold",
        reference: w.id,
        note: `${input.cryptoCurrency} ${input.network}`,
      });
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
    if (err instanceof InsufficientBalanceError) throw conflict("Insufficient balance for this withdrawal");
    throw err;
  }
}

/** The player's withdrawals newest first: a keyset page (default 50; `cursor` = the last id seen). */
export async function listMyWithdrawals(db: Db, userId: string, q: PageQuery = {}): Promise<PublicWithdrawal[]> {
  const page = await ownRowsPage(q, userId, (where) => db.withdrawal.findFirst({ where, select: SORT_KEY }));
  const rows = await db.withdrawal.findMany({
    ...page,
  });
  return rows.map(toPublicWithdrawal);
}
