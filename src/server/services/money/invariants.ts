/**
 * Ledger invariants: what must hold in any database at any quiet moment, whatever happened before
 * (concurrency, faults, restarts). Pure read-only SQL; `npm run check:ledger` prints them, tests
 * and benches call `checkLedgerInvariants(db)` and expect an empty list.
 *
 * Cancelling a contest (services/draws/draw.ts) keeps its entries and soldTickets and marks the entries
 * 'refunded' with one 'refund' ledger row each, so sold = sum of all entries' ticketCount holds
 * for cancelled contests too.
 */
import type { DbTx } from "../../platform/db";
import { LEDGER_BALANCE, LEDGER_SPLIT_SEQ_KEY } from "../kernel";

export type InvariantViolation = { check: string; detail: string };
export type InvariantCheck = { name: string; description: string; violations: InvariantViolation[] };

type Row = Record<string, unknown>;
type CheckDef = { name: string; description: string; sql: string; describe: (r: Row) => string };

/** Kinds by the balance they move (services/kernel/ledger.ts `LEDGER_BALANCE`), as SQL lists. */
const kindsMoving = (how: string) =>
  Object.entries(LEDGER_BALANCE)
    .filter(([, h]) => h === how)
    .map(([k]) => `'${k}'`)
    .join(", ");

/**
 * Rows written before the cash/credit split (prisma/migrations/*_cash_credit_split) carry what the
 * history replay found: a withdrawal or take back that cash did not cover drew on credit then.
 */
const LEGACY = `COALESCE((SELECT ("value" #>> '{}')::bigint FROM "AppSetting" WHERE "key" = '${LEDGER_SPLIT_SEQ_KEY}'), 0)`;

const CHECKS: CheckDef[] = [
  {
    name: "balance-equals-ledger",
    description:
      "every user's cash and credit balances equal the cash and credit parts of their ledger rows, and their balance is the two together",
    sql: `SELECT u."id", u."balance"::text AS balance, u."cashBalance"::text AS cash, u."creditBalance"::text AS credit,
                 COALESCE(l.cash, 0)::text AS rows_cash, COALESCE(l.credit, 0)::text AS rows_credit
          FROM "User" u LEFT JOIN (SELECT "userId", SUM("cashAmount") AS cash, SUM("creditAmount") AS credit
                                   FROM "LedgerEntry" GROUP BY "userId") l
            ON l."userId" = u."id"
          WHERE u."cashBalance" <> COALESCE(l.cash, 0) OR u."creditBalance" <> COALESCE(l.credit, 0)
             OR u."balance" <> u."cashBalance" + u."creditBalance"`,
    describe: (r) =>
      `user ${r.id}: balance ${r.balance} = cash ${r.cash} + credit ${r.credit}, but ledger rows give cash ${r.rows_cash}, credit ${r.rows_credit}`,
  },
  {
    name: "no-negative-balance",
    description: "no user has a negative cash or credit balance, and no ledger row leaves one",
    sql: `SELECT 'user' AS what, "id", "cashBalance"::text AS cash, "creditBalance"::text AS credit FROM "User"
          WHERE "balance" < 0 OR "cashBalance" < 0 OR "creditBalance" < 0
          UNION ALL
          SELECT 'ledger row' AS what, "id", "cashAfter"::text, "creditAfter"::text FROM "LedgerEntry"
          WHERE "balanceAfter" < 0 OR "cashAfter" < 0 OR "creditAfter" < 0`,
    describe: (r) => `${r.what} ${r.id}: cash ${r.cash}, credit ${r.credit}`,
  },
  {
    name: "rows-move-their-balance",
    description:
      "each ledger row's cash and credit parts add up to it and move the balance its kind moves: cash kinds only cash, credit kinds only credit, spends credit first",
    sql: `SELECT l."id", l."kind"::text AS kind, l."amount"::text AS amount, l."cashAmount"::text AS cash, l."creditAmount"::text AS credit
          FROM "LedgerEntry" l
          WHERE l."amount" <> l."cashAmount" + l."creditAmount" OR l."balanceAfter" <> l."cashAfter" + l."creditAfter"
             OR (l."kind" IN (${kindsMoving("cash")}) AND l."creditAmount" <> 0
                 AND NOT (l."seq" <= ${LEGACY} AND l."amount" < 0 AND l."creditAmount" < 0 AND l."cashAfter" = 0))
             OR (l."kind" IN (${kindsMoving("credit")}) AND l."cashAmount" <> 0)
             OR (l."kind" IN (${kindsMoving("credit_first")})
                 AND (l."cashAmount" > 0 OR l."creditAmount" > 0 OR (l."cashAmount" < 0 AND l."creditAfter" <> 0)))`,
    describe: (r) => `ledger row ${r.id} (${r.kind} ${r.amount}): cash ${r.cash}, credit ${r.credit}`,
  },
  {
    name: "payment-credited-once",
    description:
      "at most one top-up per payment, only for approved payments, for its owner and the amount credited (never more than the invoice)",
    sql: `SELECT l."reference" AS payment, COUNT(*)::int AS credits, MIN(p."status"::text) AS status,
                 BOOL_AND(p."id" IS NOT NULL AND l."userId" = p."userId"
                   AND l."amount" = COALESCE(p."creditedAmount", p."amount") AND l."amount" <= p."amount") AS matches
          FROM "LedgerEntry" l LEFT JOIN "Payment" p ON p."id" = l."reference"
          WHERE l."kind" = 'topup'
          GROUP BY l."reference"
          HAVING COUNT(*) > 1 OR MIN(p."status"::text) IS DISTINCT FROM 'approved'
              OR NOT BOOL_AND(p."id" IS NOT NULL AND l."userId" = p."userId"
                   AND l."amount" = COALESCE(p."creditedAmount", p."amount") AND l."amount" <= p."amount")`,
    describe: (r) =>
      `payment ${r.payment}: ${r.credits} top-up row(s), status ${r.status ?? "missing"}${r.matches ? "" : ", owner or amount differs"}`,
  },
  {
    name: "approved-payment-credited",
    description: "every approved payment was credited (exactly one top-up row)",
    sql: `SELECT p."id" FROM "Payment" p
          WHERE p."status" = 'approved'
            AND NOT EXISTS (SELECT 1 FROM "LedgerEntry" l WHERE l."kind" = 'topup' AND l."reference" = p."id")`,
    describe: (r) => `payment ${r.id}: approved but never credited`,
  },
  {
    name: "sold-within-max",
    description: "no contest has sold more tickets than its maximum",
    sql: `SELECT "id", "soldTickets", "maxTickets" FROM "Contest"
          WHERE "soldTickets" < 0 OR ("maxTickets" IS NOT NULL AND "soldTickets" > "maxTickets")`,
    describe: (r) => `contest ${r.id}: sold ${r.soldTickets} of max ${r.maxTickets}`,
  },
  {
    name: "sold-equals-entries",
    description: "every contest's soldTickets equals the tickets of its entries (refunded ones included)",
    sql: `SELECT c."id", c."soldTickets", COALESCE(e.total, 0)::int AS total
          FROM "Contest" c LEFT JOIN (SELECT "contestId", SUM("ticketCount") AS total FROM "TicketEntry" GROUP BY "contestId") e
            ON e."contestId" = c."id"
          WHERE c."soldTickets" <> COALESCE(e.total, 0)`,
    describe: (r) => `contest ${r.id}: soldTickets ${r.soldTickets} but entries hold ${r.total}`,
  },
  {
    name: "one-winner",
    description: "a contest has at most one winner, who holds the winning ticket",
    sql: `SELECT c."id", 'entries marked won by ' || COUNT(DISTINCT e."userId") || ' players' AS problem
          FROM "Contest" c JOIN "TicketEntry" e ON e."contestId" = c."id" AND e."result" = 'won'
          GROUP BY c."id", c."winnerId"
          HAVING COUNT(DISTINCT e."userId") > 1 OR BOOL_OR(e."userId" IS DISTINCT FROM c."winnerId")
          UNION ALL
          SELECT c."id", 'winner does not hold winning ticket ' || COALESCE(c."winningTicket"::text, 'null') AS problem
          FROM "Contest" c
          WHERE c."winnerId" IS NOT NULL AND NOT EXISTS (
            SELECT 1 FROM "TicketEntry" e WHERE e."contestId" = c."id" AND e."userId" = c."winnerId"
              AND c."winningTicket" BETWEEN e."firstTicket" AND e."lastTicket")`,
    describe: (r) => `contest ${r.id}: ${r.problem}`,
  },
  {
    name: "ticket-numbers-unique",
    description:
      "ticket ranges are well-formed, within 1..soldTickets (1..maxTickets for picked numbers) and never overlap in a contest",
    sql: `SELECT e."id", e."contestId", e."firstTicket", e."lastTicket", e."ticketCount", 'malformed or out of range' AS problem
          FROM "TicketEntry" e JOIN "Contest" c ON c."id" = e."contestId"
          WHERE e."ticketCount" < 1 OR e."firstTicket" < 1 OR e."lastTicket" - e."firstTicket" + 1 <> e."ticketCount"
             OR e."lastTicket" > CASE WHEN c."pickNumbers" THEN c."maxTickets" ELSE c."soldTickets" END
          UNION ALL
          SELECT x."id", x."contestId", x."firstTicket", x."lastTicket", x."ticketCount", 'overlaps the previous range' AS problem
          FROM (SELECT e.*, LAG(e."lastTicket") OVER (PARTITION BY e."contestId" ORDER BY e."firstTicket", e."id") AS prev
                FROM "TicketEntry" e) x
          WHERE x.prev IS NOT NULL AND x.prev >= x."firstTicket"`,
    describe: (r) =>
      `entry ${r.id} of contest ${r.contestId} (tickets ${r.firstTicket}..${r.lastTicket}, count ${r.ticketCount}): ${r.problem}`,
  },
  {
    name: "refunds-match-entries",
    description:
      "each refund row pays back one refunded entry, to its owner, its exact amount, the credit part as credit and the rest as cash",
    sql: `SELECT l."id", l."reference", 'refund row without a matching refunded entry' AS problem
          FROM "LedgerEntry" l LEFT JOIN "TicketEntry" e ON e."id" = l."reference"
          WHERE l."kind" = 'refund'
            AND (e."id" IS NULL OR e."result" IS DISTINCT FROM 'refunded' OR e."userId" <> l."userId" OR e."totalAmount" <> l."amount"
                 OR e."creditAmount" <> l."creditAmount")
          UNION ALL
          SELECT e."id", e."contestId", 'entry of a cancelled contest not refunded' AS problem
          FROM "TicketEntry" e JOIN "Contest" c ON c."id" = e."contestId"
          WHERE c."status" = 'cancelled'
            AND (e."result" IS DISTINCT FROM 'refunded'
              OR NOT EXISTS (SELECT 1 FROM "LedgerEntry" l WHERE l."kind" = 'refund' AND l."reference" = e."id"))`,
    describe: (r) => `${r.id} (${r.reference}): ${r.problem}`,
  },
  {
    name: "wheel-spins-booked",
    description: "each wheel spin's cost and prize are booked exactly, for its player",
    sql: `SELECT s."id", s."cost"::text AS cost, s."prize"::text AS prize,
                 d."amount"::text AS debit, p."amount"::text AS credit
          FROM "WheelSpin" s
          LEFT JOIN "LedgerEntry" d ON d."kind" = 'wheel_spin' AND d."reference" = s."id" AND d."userId" = s."userId"
          LEFT JOIN "LedgerEntry" p ON p."kind" = 'wheel_prize' AND p."reference" = s."id" AND p."userId" = s."userId"
          WHERE COALESCE(-d."amount", 0) <> s."cost" OR COALESCE(p."amount", 0) <> s."prize"
          UNION ALL
          SELECT l."reference", NULL, NULL, l."amount"::text, NULL
          FROM "LedgerEntry" l
          WHERE l."kind" IN ('wheel_spin', 'wheel_prize')
            AND NOT EXISTS (SELECT 1 FROM "WheelSpin" s WHERE s."id" = l."reference" AND s."userId" = l."userId")`,
    describe: (r) =>
      r.cost === null
        ? `ledger row for spin ${r.id} (${r.debit}) has no such spin of that player`
        : `spin ${r.id}: cost ${r.cost} / prize ${r.prize} but booked ${r.debit ?? "nothing"} / ${r.credit ?? "nothing"}`,
  },
  {
    name: "withdrawal-held-once",
    description: "every withdrawal holds its exact amount once, from its owner; holds belong to a withdrawal",
    sql: `SELECT w."id", 'hold rows: ' || COUNT(l."id") || ', held ' || COALESCE(SUM(-l."amount"), 0)::text || ' of ' || w."amount"::text AS problem
          FROM "Withdrawal" w
          LEFT JOIN "LedgerEntry" l ON l."kind" = 'withdrawal_hold' AND l."reference" = w."id" AND l."userId" = w."userId"
          GROUP BY w."id", w."amount"
          HAVING COUNT(l."id") <> 1 OR COALESCE(SUM(-l."amount"), 0) <> w."amount"
          UNION ALL
          SELECT l."reference", 'hold row without a withdrawal of that player' AS problem
          FROM "LedgerEntry" l
          WHERE l."kind" = 'withdrawal_hold'
            AND NOT EXISTS (SELECT 1 FROM "Withdrawal" w WHERE w."id" = l."reference" AND w."userId" = l."userId")`,
    describe: (r) => `withdrawal ${r.id}: ${r.problem}`,
  },
  {
    name: "withdrawal-released-iff-rejected-or-failed",
    description:
      "a rejected or failed withdrawal's hold came back exactly once, each part to the balance it was held from; no other withdrawal was released",
    sql: `SELECT w."id", w."status"::text AS status, COUNT(l."id")::int AS releases, COALESCE(SUM(l."amount"), 0)::text AS released
          FROM "Withdrawal" w
          LEFT JOIN "LedgerEntry" l ON l."kind" = 'withdrawal_release' AND l."reference" = w."id" AND l."userId" = w."userId"
          LEFT JOIN "LedgerEntry" h ON h."kind" = 'withdrawal_hold' AND h."reference" = w."id" AND h."userId" = w."userId"
          GROUP BY w."id", w."status", w."amount"
          HAVING (w."status" IN ('rejected', 'failed') AND (COUNT(l."id") <> 1 OR SUM(l."amount") <> w."amount"
                  OR SUM(l."creditAmount") IS DISTINCT FROM -SUM(h."creditAmount")))
              OR (w."status" NOT IN ('rejected', 'failed') AND COUNT(l."id") <> 0)
          UNION ALL
          SELECT l."reference", 'no such withdrawal', 1, l."amount"::text
          FROM "LedgerEntry" l
          WHERE l."kind" = 'withdrawal_release'
            AND NOT EXISTS (SELECT 1 FROM "Withdrawal" w WHERE w."id" = l."reference" AND w."userId" = l."userId")`,
    describe: (r) => `withdrawal ${r.id} (${r.status}): ${r.releases} release row(s) of ${r.released}`,
  },
  {
    name: "paid-withdrawal-complete",
    description: "a paid withdrawal has its payment time and a gateway track id",
    sql: `SELECT "id" FROM "Withdrawal" WHERE "status" = 'paid' AND ("paidAt" IS NULL OR "trackId" IS NULL)`,
    describe: (r) => `withdrawal ${r.id}: paid without paidAt or track id`,
  },
  {
    name: "prize-cash-once",
    description: "a prize's cash alternative is credited once, to its winner, its exact amount, only when taken as cash",
    sql: `SELECT p."id", p."status"::text AS status, COUNT(l."id")::int AS credits, COALESCE(SUM(l."amount"), 0)::text AS credited
          FROM "Prize" p
          LEFT JOIN "LedgerEntry" l ON l."kind" = 'prize_cash' AND l."reference" = p."id" AND l."userId" = p."userId"
          GROUP BY p."id", p."status", p."cashAlternative"
          HAVING (p."status" = 'cash_credited' AND (COUNT(l."id") <> 1 OR SUM(l."amount") IS DISTINCT FROM p."cashAlternative"))
              OR (p."status" <> 'cash_credited' AND COUNT(l."id") <> 0)
          UNION ALL
          SELECT l."reference", 'no such prize', 1, l."amount"::text
          FROM "LedgerEntry" l
          WHERE l."kind" = 'prize_cash'
            AND NOT EXISTS (SELECT 1 FROM "Prize" p WHERE p."id" = l."reference" AND p."userId" = l."userId")`,
    describe: (r) => `prize ${r.id} (${r.status}): ${r.credits} cash row(s) of ${r.credited}`,
  },
  {
    name: "instant-win-once",
    description:
      "an instant prize is booked once, to its winner, only when awarded: cash/credit as one ledger row of its amount, a physical prize as one Prize row",
    sql: `SELECT i."id", i."kind"::text AS kind, (i."awardedAt" IS NOT NULL) AS awarded,
                 COUNT(DISTINCT l."id")::int AS credits, COUNT(DISTINCT p."id")::int AS prizes
          FROM "InstantPrize" i
          LEFT JOIN "LedgerEntry" l ON l."kind" IN ('instant_cash', 'instant_credit') AND l."reference" = i."id"
               AND l."userId" = i."winnerId" AND l."amount" = i."amount"
               AND l."kind"::text = 'instant_' || i."kind"::text
          LEFT JOIN "Prize" p ON p."instantPrizeId" = i."id" AND p."userId" = i."winnerId"
          GROUP BY i."id", i."kind", i."awardedAt"
          HAVING (i."awardedAt" IS NULL AND (COUNT(l."id") <> 0 OR COUNT(p."id") <> 0))
              OR (i."awardedAt" IS NOT NULL AND i."kind" = 'physical' AND (COUNT(DISTINCT p."id") <> 1 OR COUNT(l."id") <> 0))
              OR (i."awardedAt" IS NOT NULL AND i."kind" <> 'physical' AND (COUNT(DISTINCT l."id") <> 1 OR COUNT(p."id") <> 0))
          UNION ALL
          SELECT l."reference", l."kind"::text, true, 1, 0
          FROM "LedgerEntry" l
          WHERE l."kind" IN ('instant_cash', 'instant_credit')
            AND NOT EXISTS (SELECT 1 FROM "InstantPrize" i WHERE i."id" = l."reference" AND i."winnerId" = l."userId"
                            AND i."amount" = l."amount" AND l."kind"::text = 'instant_' || i."kind"::text)`,
    describe: (r) =>
      `instant prize ${r.id} (${r.kind}, awarded ${r.awarded}): ${r.credits} ledger row(s), ${r.prizes} prize row(s)`,
  },
  {
    name: "review-ledger-once",
    description:
      "review-queue money moves once per entry, for its player, only when resolved that way: a credit of exactly its amount; a take back of at most its amount, the rest its claim",
    sql: `SELECT r."id", r."status"::text AS status, l."kind"::text AS kind, COUNT(l."id")::int AS rows,
                 COALESCE(SUM(l."amount"), 0)::text AS moved
          FROM "ReviewItem" r
          LEFT JOIN "LedgerEntry" l ON l."reference" = r."id" AND l."kind" IN ('review_credit', 'review_take_back')
          GROUP BY r."id", r."status", l."kind", r."amount", r."claimAmount"
          HAVING (l."kind" = 'review_credit' AND (r."status" <> 'credited' OR SUM(l."amount") <> r."amount" OR COUNT(*) <> 1))
              OR (l."kind" = 'review_take_back' AND (r."status" <> 'taken_back' OR COUNT(*) <> 1
                  OR -SUM(l."amount") + COALESCE(r."claimAmount", 0) <> r."amount"))
              OR (r."status" = 'credited' AND l."kind" IS NULL)
          UNION ALL
          SELECT l."reference", 'no such entry', l."kind"::text, 1, l."amount"::text
          FROM "LedgerEntry" l
          WHERE l."kind" IN ('review_credit', 'review_take_back')
            AND NOT EXISTS (SELECT 1 FROM "ReviewItem" r WHERE r."id" = l."reference" AND r."userId" = l."userId")`,
    describe: (r) => `review entry ${r.id} (${r.status}): ${r.rows} ${r.kind ?? "ledger"} row(s) moving ${r.moved}`,
  },
  {
    name: "entry-credit-part",
    description:
      "the credit part a purchase row spent is the credit part recorded on its entries (a pick line's entries together), so a refund can return it",
    sql: `SELECT l."id", l."reference", (-l."creditAmount")::text AS spent, COALESCE(SUM(t."creditAmount"), 0)::text AS recorded
          FROM "LedgerEntry" l
          JOIN "TicketEntry" f ON f."id" = l."reference"
          JOIN "Contest" c ON c."id" = f."contestId"
          LEFT JOIN "TicketEntry" t ON t."id" = f."id"
               OR (c."pickNumbers" AND t."userId" = f."userId" AND t."contestId" = f."contestId" AND t."createdAt" = f."createdAt")
          WHERE l."kind" = 'purchase'
          GROUP BY l."id", l."reference", l."creditAmount"
          HAVING COALESCE(SUM(t."creditAmount"), 0) <> -l."creditAmount"`,
    describe: (r) => `purchase ${r.id} (entry ${r.reference}): spent ${r.spent} credit but its entries record ${r.recorded}`,
  },
  {
    name: "incentive-credit-once",
    description:
      "each referral or cashback credit row belongs to its qualified referral or credited cashback week, for its player and amount, once (docs/retention.md)",
    sql: `SELECT l."id", 'cashback row without its credited week' AS problem FROM "LedgerEntry" l
          WHERE l."kind" = 'cashback_credit' AND NOT EXISTS (
            SELECT 1 FROM "Cashback" c WHERE c."id" = l."reference" AND c."userId" = l."userId"
              AND c."status" = 'credited' AND c."amount" = l."amount")
          UNION ALL
          SELECT c."id", 'credited week without its credit row' FROM "Cashback" c
          WHERE c."status" = 'credited'
            AND NOT EXISTS (SELECT 1 FROM "LedgerEntry" l WHERE l."kind" = 'cashback_credit' AND l."reference" = c."id")
          UNION ALL
          SELECT l."id", 'referral row without its qualified referral' FROM "LedgerEntry" l
          WHERE l."kind" = 'referral_credit' AND NOT EXISTS (
            SELECT 1 FROM "Referral" r WHERE r."status" = 'qualified'
              AND ((l."reference" = r."id" || ':referrer' AND l."userId" = r."referrerId" AND l."amount" = r."referrerCredit")
                OR (l."reference" = r."id" || ':referred' AND l."userId" = r."referredId" AND l."amount" = r."referredCredit")))
          UNION ALL
          SELECT r."id", 'qualified referral without its credit rows' FROM "Referral" r
          WHERE r."status" = 'qualified'
            AND ((r."referrerCredit" > 0 AND NOT EXISTS (SELECT 1 FROM "LedgerEntry" l WHERE l."kind" = 'referral_credit' AND l."reference" = r."id" || ':referrer'))
              OR (r."referredCredit" > 0 AND NOT EXISTS (SELECT 1 FROM "LedgerEntry" l WHERE l."kind" = 'referral_credit' AND l."reference" = r."id" || ':referred')))`,
    describe: (r) => `${r.id}: ${r.problem}`,
  },
  {
    name: "credit-lots-covered",
    description:
      "each expiring credit lot belongs to a credit row of its player and amount, what lots still hold is within the credit balance, and an expiry row takes off an expired lot once",
    sql: `SELECT lot."id", 'lot without its credit row' AS problem FROM "CreditLot" lot
          LEFT JOIN "LedgerEntry" l ON l."id" = lot."ledgerEntryId"
          WHERE l."id" IS NULL OR l."userId" <> lot."userId" OR l."creditAmount" <> lot."amount"
          UNION ALL
          SELECT u."id", 'lots hold ' || SUM(lot."remaining")::text || ' but credit is ' || u."creditBalance"::text
          FROM "User" u JOIN "CreditLot" lot ON lot."userId" = u."id"
          GROUP BY u."id", u."creditBalance"
          HAVING SUM(lot."remaining") > u."creditBalance"
          UNION ALL
          SELECT l."id", 'expiry row without an expired, emptied lot of that player' AS problem FROM "LedgerEntry" l
          WHERE l."kind" = 'credit_expiry' AND NOT EXISTS (
            SELECT 1 FROM "CreditLot" lot WHERE lot."id" = l."reference" AND lot."userId" = l."userId"
              AND lot."remaining" = 0 AND lot."expiresAt" <= l."createdAt" AND -l."amount" <= lot."amount")`,
    describe: (r) => `${r.id}: ${r.problem}`,
  },
];

/** Every check with its violations (empty when it holds). Read-only. */
export async function runLedgerChecks(db: DbTx): Promise<InvariantCheck[]> {
  const out: InvariantCheck[] = [];
  for (const c of CHECKS) {
    const rows = await db.$queryRawUnsafe<Row[]>(c.sql);
    out.push({
      name: c.name,
      description: c.description,
      violations: rows.map((r) => ({ check: c.name, detail: c.describe(r) })),
    });
  }
  return out;
}

/** All violations of the ledger invariants; an empty list means the data is consistent. */
export async function checkLedgerInvariants(db: DbTx): Promise<InvariantViolation[]> {
  return (await runLedgerChecks(db)).flatMap((c) => c.violations);
}
