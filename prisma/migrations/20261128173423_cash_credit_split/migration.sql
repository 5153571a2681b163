-- Cash and credit (docs/payments.md "Cash and credit"): one ledger, two balances. Cash (top-ups, cash
-- prizes, cash alternatives, refunds of cash) is withdrawable; credit (instant-win credit, wheel prizes,
-- admin goodwill) is spend-only. Every ledger row now says how much of each it moves, every user has
-- both balances, and today's balances are split from their ledger history by replaying it (below).

ALTER TYPE "LedgerKind" ADD VALUE 'credit_grant';
ALTER TYPE "LedgerKind" ADD VALUE 'credit_expiry';

-- Added nullable, filled by the replay, then NOT NULL (every row must say which balance it moves).
ALTER TABLE "LedgerEntry" ADD COLUMN "cashAmount" DECIMAL(14,3),
ADD COLUMN "creditAmount" DECIMAL(14,3),
ADD COLUMN "cashAfter" DECIMAL(14,3),
ADD COLUMN "creditAfter" DECIMAL(14,3),
ADD COLUMN "seq" BIGINT;

ALTER TABLE "TicketEntry" ADD COLUMN "creditAmount" DECIMAL(14,3) NOT NULL DEFAULT 0;

ALTER TABLE "User" ADD COLUMN "cashBalance" DECIMAL(14,3) NOT NULL DEFAULT 0,
ADD COLUMN "creditBalance" DECIMAL(14,3) NOT NULL DEFAULT 0;

-- The order rows were written in. Rows of one transaction share createdAt; every flow that writes a
-- debit and a credit together (checkout and its instant wins, a paid spin and its prize) writes the
-- debit first, so within one instant debits come first. From here on the sequence records it exactly.
UPDATE "LedgerEntry" l SET "seq" = o.n
FROM (SELECT "id", row_number() OVER (ORDER BY "createdAt", ("amount" < 0) DESC, "id") AS n FROM "LedgerEntry") o
WHERE l."id" = o."id";
CREATE SEQUENCE "LedgerEntry_seq_seq" OWNED BY "LedgerEntry"."seq";
SELECT setval('"LedgerEntry_seq_seq"', COALESCE((SELECT MAX("seq") FROM "LedgerEntry"), 0) + 1, false);
ALTER TABLE "LedgerEntry" ALTER COLUMN "seq" SET DEFAULT nextval('"LedgerEntry_seq_seq"');

-- split:begin
-- The split of today's balances, replayed from each player's ledger in the order it was written,
-- with the rules the ledger writer applies from now on (src/server/services/kernel/ledger.ts):
--   cash in: topup, prize_cash, instant_cash, review_credit, adjustment
--   credit in: instant_credit, wheel_prize, credit_grant; credit out: credit_expiry
--   purchase, wheel_spin: credit first, then cash
--   withdrawal_hold, review_take_back: cash (history only: what cash did not cover came from credit,
--     which is how instant-win credit was withdrawn before the split; the writer now refuses it)
--   withdrawal_release: the parts its hold took; refund: the parts its entry was paid with
-- A purchase also records on its entries the part paid with credit (a pick line's one-ticket entries
-- share it in ticket order). Replaying twice gives the same result, and a replay over rows the writer
-- made reproduces them (tests/integration/cash-credit-migration.test.ts).
CREATE FUNCTION "ledger_split_replay"() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  r RECORD;
  cur_user TEXT := NULL;
  cash NUMERIC(14,3) := 0;
  credit NUMERIC(14,3) := 0;
  c_part NUMERIC(14,3);
  k_part NUMERIC(14,3);
  left_over NUMERIC(14,3);
  e RECORD;
BEGIN
  FOR r IN
    SELECT l."id", l."userId", l."kind"::text AS kind, l."amount", l."reference" FROM "LedgerEntry" l ORDER BY l."userId", l."seq"
  LOOP
    IF cur_user IS DISTINCT FROM r."userId" THEN
      cur_user := r."userId";
      cash := 0;
      credit := 0;
    END IF;
    IF r.kind IN ('instant_credit', 'wheel_prize', 'credit_grant', 'credit_expiry') THEN
      k_part := r."amount";
    ELSIF r.kind = 'withdrawal_release' THEN
      SELECT -h."creditAmount" INTO k_part FROM "LedgerEntry" h
      WHERE h."kind" = 'withdrawal_hold' AND h."reference" = r."reference" AND h."userId" = r."userId";
      k_part := LEAST(COALESCE(k_part, 0), r."amount");
    ELSIF r.kind = 'refund' THEN
      SELECT t."creditAmount" INTO k_part FROM "TicketEntry" t WHERE t."id" = r."reference";
      k_part := LEAST(COALESCE(k_part, 0), r."amount");
    ELSIF r."amount" < 0 AND r.kind IN ('purchase', 'wheel_spin') THEN
      k_part := -LEAST(credit, -r."amount");
    ELSIF r."amount" < 0 THEN
      -- cash kinds: what cash does not cover (history only) came from credit
      k_part := -GREATEST(0, LEAST(credit, -r."amount" - cash));
    ELSE
      k_part := 0;
    END IF;
    c_part := r."amount" - k_part;
    cash := cash + c_part;
    credit := credit + k_part;
    UPDATE "LedgerEntry" SET "cashAmount" = c_part, "creditAmount" = k_part, "cashAfter" = cash, "creditAfter" = credit
    WHERE "id" = r."id";
    IF r.kind = 'purchase' THEN
      left_over := -k_part;
      FOR e IN
        SELECT t."id", t."totalAmount" FROM "TicketEntry" t JOIN "TicketEntry" f ON f."id" = r."reference"
        JOIN "Contest" c ON c."id" = f."contestId"
        WHERE t."id" = f."id" OR (c."pickNumbers" AND t."userId" = f."userId" AND t."contestId" = f."contestId"
                                  AND t."createdAt" = f."createdAt")
        ORDER BY t."firstTicket"
      LOOP
        UPDATE "TicketEntry" SET "creditAmount" = LEAST(e."totalAmount", left_over) WHERE "id" = e."id";
        left_over := left_over - LEAST(e."totalAmount", left_over);
      END LOOP;
    END IF;
  END LOOP;
  -- Each player's balances: the replayed credit (never more than the balance), the rest cash.
  UPDATE "User" u SET "creditBalance" = LEAST(u."balance", GREATEST(0, COALESCE(s.credit, 0))),
                      "cashBalance" = u."balance" - LEAST(u."balance", GREATEST(0, COALESCE(s.credit, 0)))
  FROM "User" x LEFT JOIN (SELECT "userId", SUM("creditAmount") AS credit FROM "LedgerEntry" GROUP BY "userId") s
    ON s."userId" = x."id"
  WHERE u."id" = x."id";
END $$;
SELECT "ledger_split_replay"();
DROP FUNCTION "ledger_split_replay"();
-- split:end

-- The last row written before the split: older rows may show what the replay found (a withdrawal that
-- drew on credit), newer ones only what the writer allows (src/server/services/money/invariants.ts).
INSERT INTO "AppSetting" ("key", "value", "updatedAt")
SELECT 'ledger.cashCreditSplitSeq', to_jsonb(COALESCE(MAX("seq"), 0)), CURRENT_TIMESTAMP FROM "LedgerEntry"
ON CONFLICT ("key") DO NOTHING;

ALTER TABLE "LedgerEntry" ALTER COLUMN "cashAmount" SET NOT NULL,
ALTER COLUMN "creditAmount" SET NOT NULL,
ALTER COLUMN "cashAfter" SET NOT NULL,
ALTER COLUMN "creditAfter" SET NOT NULL,
ALTER COLUMN "seq" SET NOT NULL;

CREATE TABLE "CreditLot" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "ledgerEntryId" TEXT NOT NULL,
    "amount" DECIMAL(14,3) NOT NULL,
    "remaining" DECIMAL(14,3) NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CreditLot_pkey" PRIMARY KEY ("id")
);
CREATE UNIQUE INDEX "CreditLot_ledgerEntryId_key" ON "CreditLot"("ledgerEntryId");
CREATE INDEX "CreditLot_userId_expiresAt_idx" ON "CreditLot"("userId", "expiresAt");
CREATE INDEX "CreditLot_expiresAt_idx" ON "CreditLot"("expiresAt");
ALTER TABLE "CreditLot" ADD CONSTRAINT "CreditLot_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Hand-written CHECKs: neither balance below zero, the spendable balance is their sum, every row's
-- parts add up to its amount and leave neither balance below zero; a lot holds no more than it was
-- granted; an entry's credit part is within what it cost.
ALTER TABLE "User" ADD CONSTRAINT "User_cash_non_negative" CHECK ("cashBalance" >= 0);
ALTER TABLE "User" ADD CONSTRAINT "User_credit_non_negative" CHECK ("creditBalance" >= 0);
ALTER TABLE "User" ADD CONSTRAINT "User_balance_sum" CHECK ("balance" = "cashBalance" + "creditBalance");
ALTER TABLE "LedgerEntry" ADD CONSTRAINT "LedgerEntry_split" CHECK (
  "amount" = "cashAmount" + "creditAmount" AND "cashAfter" >= 0 AND "creditAfter" >= 0);
ALTER TABLE "CreditLot" ADD CONSTRAINT "CreditLot_remaining" CHECK ("amount" > 0 AND "remaining" >= 0 AND "remaining" <= "amount");
ALTER TABLE "TicketEntry" ADD CONSTRAINT "TicketEntry_credit_part" CHECK ("creditAmount" >= 0 AND "creditAmount" <= "totalAmount");
