/**
 * Ledger invariants, checked on any database (PGlite or PostgreSQL). Returns the violations found;
 * an empty list means the books balance. Read-only; run it after concurrency and fault tests.
 */
import type { Db } from "../db";

type Row = Record<string, unknown>;

const CHECKS: { name: string; sql: string; describe: (r: Row) => string }[] = [
  {
    name: "balance = ledger sum",
    sql: `SELECT u.id, u.balance::text AS balance, coalesce(l.total, 0)::text AS ledger
          FROM "User" u LEFT JOIN (SELECT "userId", sum(amount) AS total FROM "LedgerEntry" GROUP BY "userId") l
            ON l."userId" = u.id
          WHERE u.balance <> coalesce(l.total, 0)`,
    describe: (r) => `user ${r.id}: balance ${r.balance} but ledger sums to ${r.ledger}`,
  },
  {
    name: "no negative balance",
    sql: `SELECT id, balance::text AS balance FROM "User" WHERE balance < 0`,
    describe: (r) => `user ${r.id}: negative balance ${r.balance}`,
  },
  {
    name: "payment credited once, and only when approved",
    sql: `SELECT p.id, p.status::text AS status, count(l.id)::int AS credits, coalesce(sum(l.amount), 0)::text AS credited,
                 p.amount::text AS amount
          FROM "Payment" p LEFT JOIN "LedgerEntry" l ON l.kind = 'topup' AND l.reference = p.id
          GROUP BY p.id
          HAVING (p.status = 'approved' AND (count(l.id) <> 1 OR sum(l.amount) <> p.amount))
              OR (p.status <> 'approved' AND count(l.id) <> 0)`,
    describe: (r) => `payment ${r.id} (${r.status}, ${r.amount}): credited ${r.credits} time(s), ${r.credited} in all`,
  },
  {
    name: "top-up without a payment",
    sql: `SELECT l.id, l.reference FROM "LedgerEntry" l LEFT JOIN "Payment" p ON p.id = l.reference
          WHERE l.kind = 'topup' AND p.id IS NULL`,
    describe: (r) => `ledger ${r.id}: top-up for unknown payment ${r.reference}`,
  },
  {
    name: "sold <= max and sold = sum of entries",
    sql: `SELECT c.id, c."soldTickets" AS sold, c."maxTickets" AS max, coalesce(sum(e."ticketCount"), 0)::int AS entries
          FROM "Contest" c LEFT JOIN "TicketEntry" e ON e."contestId" = c.id
          GROUP BY c.id
          HAVING (c."maxTickets" IS NOT NULL AND c."soldTickets" > c."maxTickets")
              OR c."soldTickets" <> coalesce(sum(e."ticketCount"), 0)`,
    describe: (r) => `contest ${r.id}: sold ${r.sold}, max ${r.max ?? "none"}, entries hold ${r.entries}`,
  },
  {
    name: "at most one winner",
    sql: `SELECT "contestId" AS id, count(*)::int AS winners FROM "TicketEntry" WHERE result = 'won'
          GROUP BY "contestId" HAVING count(*) > 1`,
    describe: (r) => `contest ${r.id}: ${r.winners} winning entries`,
  },
  {
    name: "winner holds the winning ticket",
    sql: `SELECT c.id, c."winnerId", c."winningTicket" FROM "Contest" c
          WHERE c."winnerId" IS NOT NULL AND NOT EXISTS (
            SELECT 1 FROM "TicketEntry" e WHERE e."contestId" = c.id AND e."userId" = c."winnerId"
              AND c."winningTicket" BETWEEN e."firstTicket" AND e."lastTicket")`,
    describe: (r) => `contest ${r.id}: winner ${r.winnerId} does not hold ticket ${r.winningTicket}`,
  },
  {
    name: "ticket numbers unique (1..sold, no overlap)",
    sql: `SELECT a."contestId" AS id, a.id AS a, b.id AS b FROM "TicketEntry" a
          JOIN "TicketEntry" b ON b."contestId" = a."contestId" AND b.id > a.id
            AND a."firstTicket" <= b."lastTicket" AND b."firstTicket" <= a."lastTicket"
          UNION ALL
          SELECT e."contestId", e.id, NULL FROM "TicketEntry" e JOIN "Contest" c ON c.id = e."contestId"
          WHERE e."firstTicket" < 1 OR e."lastTicket" > c."soldTickets" OR e."lastTicket" - e."firstTicket" + 1 <> e."ticketCount"`,
    describe: (r) =>
      r.b ? `contest ${r.id}: entries ${r.a} and ${r.b} share ticket numbers` : `contest ${r.id}: entry ${r.a} outside 1..sold`,
  },
];

export async function checkLedgerInvariants(db: Db): Promise<string[]> {
  const violations: string[] = [];
  for (const check of CHECKS) {
    const rows = await db.$queryRawUnsafe<Row[]>(check.sql);
    for (const r of rows) violations.push(`${check.name}: ${check.describe(r)}`);
  }
  return violations;
}
