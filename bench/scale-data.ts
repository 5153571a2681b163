/**
 * Set-based data growth for the data-scale bench (bench/data-scale.ts) and the big-draw tests
 * (tests/pg/draw-scale.test.ts): a few INSERT … SELECT over generate_series instead of one request
 * per row. Every row it writes keeps the ledger invariants of `npm run check:ledger`
 * (src/server/services/invariants.ts): each generated player is credited by one `adjustment` row
 * (their spend plus a small float) and pays each entry by one `purchase` row referencing it, with
 * the running balance in `balanceAfter`; the user's balance is the sum of those rows.
 */

/** Runs one SQL text (no parameters): a pg client's query or Prisma's $executeRawUnsafe. */
export type Exec = (sql: string) => Promise<unknown>;

const q = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** Players `${tag}_u_0000001`… with e-mails `${tag}+n@scale.test`; returns nothing (idempotent per tag: fails on a repeat). */
export async function insertPlayers(exec: Exec, tag: string, players: number): Promise<void> {
  await exec(`
    INSERT INTO "User" ("id", "email", "firstName", "lastName", "passwordHash", "securityQuestion", "securityAnswerHash",
                        "balance", "createdAt", "updatedAt")
    SELECT ${q(tag)} || '_u_' || lpad(g::text, 7, '0'), ${q(tag)} || '+' || g || '@scale.test',
           'Player' || g, 'Scale', 'scale-no-login', 'Scale?', 'scale-no-login',
           0, now() - (g || ' seconds')::interval, now()
    FROM generate_series(1, ${players}) g`);
}

/**
 * `entries` entries of `ticketsPerEntry` tickets each in `contestId`, after the tickets it already
 * sold, spread over players 1..`players` of `tag` (player n holds entries n, n+players, …), each paid
 * through the ledger. The contest's soldTickets follows.
 */
export async function insertEntries(
  exec: Exec,
  opts: { tag: string; contestId: string; players: number; entries: number; ticketsPerEntry: number; ticketPrice: string },
): Promise<void> {
  const { tag, contestId, players, entries, ticketsPerEntry: t } = opts;
  const entryTag = `${tag}_${contestId.slice(-8)}`;
  await exec(`
    INSERT INTO "TicketEntry" ("id", "userId", "contestId", "ticketCount", "firstTicket", "lastTicket", "totalAmount", "createdAt")
    SELECT ${q(entryTag)} || '_e_' || lpad(g::text, 8, '0'),
           ${q(tag)} || '_u_' || lpad((((g - 1) % ${players}) + 1)::text, 7, '0'),
           ${q(contestId)}, ${t}, c."soldTickets" + (g - 1) * ${t} + 1, c."soldTickets" + g * ${t},
           ${t} * ${opts.ticketPrice}::numeric, now() - ((${entries} - g) || ' milliseconds')::interval
    FROM generate_series(1, ${entries}) g, (SELECT "soldTickets" FROM "Contest" WHERE "id" = ${q(contestId)}) c`);
  await exec(`UPDATE "Contest" SET "soldTickets" = "soldTickets" + ${entries * t} WHERE "id" = ${q(contestId)}`);
  // The players' money: one credit covering their new entries (+$10 left over), then one debit per entry.
  await exec(`
    INSERT INTO "LedgerEntry" ("id", "userId", "kind", "amount", "balanceAfter", "reference", "note", "createdAt")
    SELECT 'adj_' || ${q(entryTag)} || '_' || s."userId", s."userId", 'adjustment', s.spent + 10, u."balance" + s.spent + 10,
           'scale:' || ${q(entryTag)} || ':' || s."userId", 'data-scale credit', now() - interval '1 day'
    FROM (SELECT "userId", SUM("totalAmount") AS spent FROM "TicketEntry"
          WHERE "contestId" = ${q(contestId)} AND "id" LIKE ${q(`${entryTag}_e_%`)} GROUP BY "userId") s
    JOIN "User" u ON u."id" = s."userId"`);
  await exec(`
    INSERT INTO "LedgerEntry" ("id", "userId", "kind", "amount", "balanceAfter", "reference", "note", "createdAt")
    SELECT 'pur_' || e."id", e."userId", 'purchase', -e."totalAmount",
           u."balance" + s.spent + 10 - SUM(e."totalAmount") OVER (PARTITION BY e."userId" ORDER BY e."id"),
           e."id", 'data-scale purchase', e."createdAt"
    FROM "TicketEntry" e
    JOIN (SELECT "userId", SUM("totalAmount") AS spent FROM "TicketEntry"
          WHERE "contestId" = ${q(contestId)} AND "id" LIKE ${q(`${entryTag}_e_%`)} GROUP BY "userId") s ON s."userId" = e."userId"
    JOIN "User" u ON u."id" = e."userId"
    WHERE e."contestId" = ${q(contestId)} AND e."id" LIKE ${q(`${entryTag}_e_%`)}`);
  await exec(`
    UPDATE "User" u SET "balance" = u."balance" + 10
    FROM (SELECT DISTINCT "userId" FROM "TicketEntry" WHERE "contestId" = ${q(contestId)} AND "id" LIKE ${q(`${entryTag}_e_%`)}) s
    WHERE u."id" = s."userId"`);
}
