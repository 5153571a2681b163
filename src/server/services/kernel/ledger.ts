/**
 * The only way a balance changes: one conditional UPDATE (never read-then-write) plus an
 * append-only ledger row, inside the caller's transaction. (kind, reference) is unique, so the
 * same cause (a payment, a spin, an entry) can never be booked twice.
 *
 * Two balances in one ledger (docs/payments.md "Cash and credit"): cash is withdrawable, credit is
 * spend-only. Every row says how much of each it moves (`cashAmount`, `creditAmount`, adding up to
 * `amount`), and which balance a kind moves is decided here once, in `LEDGER_BALANCE`; the database
 * keeps both balances at zero or above and `balance` = cash + credit (CHECKs in the migration).
 */
import { randomUUID } from "node:crypto";
import type { LedgerKind } from "@/generated/prisma/client";
import { Prisma } from "@/generated/prisma/client";
import type { DbTx } from "../../platform/db";
import { DomainError } from "../../platform/errors";
import { consumeCreditLots, openCreditLot } from "./credit-lots";

export class InsufficientBalanceError extends DomainError {
  constructor(message = "Insufficient balance") {
    super("CONFLICT", message);
  }
}

/**
 * Which balance each kind of row moves:
 * - `cash` / `credit`: that balance only (credits and debits alike);
 * - `credit_first`: a spend: credit as far as it goes, then cash (checkout, paid wheel spins);
 * - `mirror`: the parts the row named by `mirrorOf` moved, the other way (a released withdrawal hold);
 * - `split`: the caller gives the parts (a refund returns each part its entry was paid with).
 * A new kind of credit (referral, cashback) is one more `credit` line here, with `creditExpiresAt`
 * on its rows when it expires.
 */
export const LEDGER_BALANCE = {
  topup: "cash",
  purchase: "credit_first",
  wheel_spin: "credit_first",
  // Wheel prizes are credit: a free spin makes money from nothing, and paid spins may be bought with
  // credit, so a cash prize would turn credit (or nothing) into withdrawable cash (docs/wheel.md).
  wheel_prize: "credit",
  refund: "split",
  adjustment: "cash",
  withdrawal_hold: "cash",
  withdrawal_release: "mirror",
  prize_cash: "cash",
  review_credit: "cash",
  review_take_back: "cash",
  instant_cash: "cash",
  instant_credit: "credit",
  credit_grant: "credit",
  credit_expiry: "credit",
  // Incentives are credit, never cash: a referral or cashback paid in cash could be withdrawn at once
  // (docs/retention.md).
  referral_credit: "credit",
  cashback_credit: "credit",
} as const satisfies Record<LedgerKind, "cash" | "credit" | "credit_first" | "mirror" | "split">;

/** AppSetting: the `seq` of the last ledger row written before the cash/credit split migration. */
export const LEDGER_SPLIT_SEQ_KEY = "ledger.cashCreditSplitSeq";

export type BalanceChange = {
  userId: string;
  /** Signed: positive credits, negative debits. */
  amount: Prisma.Decimal | string;
  kind: LedgerKind;
  reference: string;
  note?: string;
  /** `split` kinds only: the credit part of `amount` (the rest is cash). */
  creditPart?: Prisma.Decimal | string;
  /** `mirror` kinds only: the row whose parts this one gives back (same player). */
  mirrorOf?: { kind: LedgerKind; reference: string };
  /** A credit row that expires: what is left of it at this instant is taken off (services/kernel/credit-lots.ts). */
  creditExpiresAt?: Date;
};

/** What a change did: the balances after it and the parts it moved (signed, like `amount`). */
export type LedgerResult = {
  balance: Prisma.Decimal;
  cashBalance: Prisma.Decimal;
  creditBalance: Prisma.Decimal;
  cash: Prisma.Decimal;
  credit: Prisma.Decimal;
};

const ZERO = new Prisma.Decimal(0);

/** The parts a mirror row gives back: the named row's parts, negated. */
async function mirrorParts(tx: DbTx, change: BalanceChange): Promise<Prisma.Decimal> {
  if (!change.mirrorOf) throw new Error(`ledger: ${change.kind} needs mirrorOf`);
  const [row] = await tx.$queryRaw<{ creditAmount: Prisma.Decimal }[]>`
    SELECT "creditAmount" FROM "LedgerEntry"
    WHERE "kind" = ${change.mirrorOf.kind}::"LedgerKind" AND "reference" = ${change.mirrorOf.reference}
      AND "userId" = ${change.userId}`;
  if (!row) throw new Error(`ledger: no ${change.mirrorOf.kind} row ${change.mirrorOf.reference} to mirror`);
  return new Prisma.Decimal(row.creditAmount).negated();
}

/**
 * Applies the change; throws InsufficientBalanceError if it would take either balance below zero.
 * Returns the balances after it and the parts it moved.
 */
export async function applyBalanceChange(tx: DbTx, change: BalanceChange): Promise<LedgerResult> {
  const amount = new Prisma.Decimal(change.amount);
  const how = LEDGER_BALANCE[change.kind];
  if (change.creditExpiresAt && (how !== "credit" || amount.lte(0))) {
    throw new Error(`ledger: only a credit row can expire (${change.kind})`);
  }
  if (how === "credit_first" && amount.gt(0)) throw new Error(`ledger: ${change.kind} is a spend`);
  // The credit part: fixed, or (credit first) decided in the statement from the locked row.
  let fixedCredit: Prisma.Decimal | null = null;
  if (how === "cash") fixedCredit = ZERO;
  else if (how === "credit") fixedCredit = amount;
  else if (how === "split") fixedCredit = new Prisma.Decimal(change.creditPart ?? ZERO);
  else if (how === "mirror") fixedCredit = await mirrorParts(tx, change);
  if (fixedCredit && (fixedCredit.abs().gt(amount.abs()) || (!fixedCredit.isZero() && fixedCredit.isNeg() !== amount.isNeg()))) {
    throw new Error(`ledger: credit part ${fixedCredit} does not fit ${amount}`);
  }
  // One statement (one round trip): lock the player's row, decide the parts, the conditional UPDATE of
  // both balances and the ledger row it produced. The parts come from the locked (latest) row. The lock
  // is the one the UPDATE takes anyway (NO KEY UPDATE), so it never waits on the key-share locks that
  // rows pointing at the player (a new withdrawal, an entry) hold in the same transactions.
  const rows = await tx.$queryRaw<(LedgerResult & { id: string })[]>`
    WITH cur AS (
      SELECT "id", "creditBalance" FROM "User" WHERE "id" = ${change.userId} FOR NO KEY UPDATE
    ), parts AS (
      SELECT "id",
        COALESCE(${fixedCredit}::numeric, -LEAST("creditBalance", -${amount}::numeric)) AS credit
      FROM cur
    ), changed AS (
      UPDATE "User" u SET "cashBalance" = u."cashBalance" + (${amount}::numeric - p.credit),
        "creditBalance" = u."creditBalance" + p.credit,
        "balance" = u."balance" + ${amount}::numeric, "updatedAt" = now()
      FROM parts p
      WHERE u."id" = p."id" AND u."cashBalance" + (${amount}::numeric - p.credit) >= 0 AND u."creditBalance" + p.credit >= 0
      RETURNING u."id", u."balance", u."cashBalance", u."creditBalance", p.credit
    )
    INSERT INTO "LedgerEntry" ("id", "userId", "kind", "amount", "cashAmount", "creditAmount", "balanceAfter",
                               "cashAfter", "creditAfter", "reference", "note")
    SELECT ${randomUUID()}, c."id", ${change.kind}::"LedgerKind", ${amount}::numeric, ${amount}::numeric - c.credit, c.credit,
           c."balance", c."cashBalance", c."creditBalance", ${change.reference}, ${change.note ?? null}
    FROM changed c
    RETURNING "id", "balanceAfter" AS "balance", "cashAfter" AS "cashBalance", "creditAfter" AS "creditBalance",
              "cashAmount" AS "cash", "creditAmount" AS "credit"`;
  const row = rows[0];
  if (!row) throw new InsufficientBalanceError();
  const result: LedgerResult = {
    balance: new Prisma.Decimal(row.balance),
    cashBalance: new Prisma.Decimal(row.cashBalance),
    creditBalance: new Prisma.Decimal(row.creditBalance),
    cash: new Prisma.Decimal(row.cash),
    credit: new Prisma.Decimal(row.credit),
  };
  if (change.creditExpiresAt) {
    await openCreditLot(tx, { userId: change.userId, ledgerEntryId: row.id, amount, expiresAt: change.creditExpiresAt });
  } else if (result.credit.isNeg() && change.kind !== "credit_expiry") {
    // Spent credit uses up the soonest-expiring lots first (the player's row is locked by now).
    await consumeCreditLots(tx, change.userId, result.credit.negated());
  }
  return result;
}
