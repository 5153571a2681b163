/**
 * The only way a balance changes: one conditional UPDATE (never read-then-write) plus an
 * append-only ledger row, inside the caller's transaction. (kind, reference) is unique, so the
 * same cause (a payment, a spin, an entry) can never be booked twice.
 */
import { randomUUID } from "node:crypto";
import type { LedgerKind } from "@/generated/prisma/client";
import { Prisma } from "@/generated/prisma/client";
import type { DbTx } from "../../platform/db";
import { DomainError } from "../../platform/errors";

export class InsufficientBalanceError extends DomainError {
  constructor(message = "Insufficient balance") {
    super("CONFLICT", message);
  }
}

export type BalanceChange = {
  userId: string;
  /** Signed: positive credits, negative debits. */
  amount: Prisma.Decimal | string;
  kind: LedgerKind;
  reference: string;
  note?: string;
};

/** Applies the change; throws InsufficientBalanceError if it would go below zero. Returns the new balance. */
export async function applyBalanceChange(tx: DbTx, change: BalanceChange): Promise<Prisma.Decimal> {
  const amount = new Prisma.Decimal(change.amount);
  // One statement (one round trip): the conditional UPDATE and the ledger row it produced.
  const rows = await tx.$queryRaw<{ balance: Prisma.Decimal }[]>`
    WITH changed AS (
      UPDATE "User" SET "balance" = "balance" + ${amount}::numeric, "updatedAt" = now()
      WHERE "id" = ${change.userId} AND "balance" + ${amount}::numeric >= 0
      RETURNING "id", "balance"
    )
    INSERT INTO "LedgerEntry" ("id", "userId", "kind", "amount", "balanceAfter", "reference", "note")
    SELECT ${randomUUID()}, changed."id", ${change.kind}::"LedgerKind", ${amount}::numeric, changed."balance",
           ${change.reference}, ${change.note ?? null}
    FROM changed
    RETURNING "balanceAfter" AS "balance"`;
  const row = rows[0];
  if (!row) throw new InsufficientBalanceError();
  return new Prisma.Decimal(row.balance);
}
