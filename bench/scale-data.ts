/**
 * Set-based data growth for the data-scale bench (bench/data-scale.ts) and the big-draw tests
 * (tests/pg/draw-scale.test.ts): a few INSERT … SELECT over generate_series instead of one request
 * per row. Every row it writes keeps the ledger invariants of `npm run check:ledger`
 * (src/server/services/money/invariants.ts): each generated player is credited by one `adjustment` row
 * (their spend plus a small float) and pays each entry by one `purchase` row referencing it, with
 * the running balance in `balanceAfter`; the user's balance is the sum of those rows. All of it is
 * cash (the ledger's cash and credit parts: `cashAmount` = `amount`, `creditAmount` = 0).
 */

/** Runs one SQL text (no parameters): a pg client's query or Prisma's $executeRawUnsafe. */
export type Exec = (sql: string) => Promise<unknown>;

const q = (s: string) => `'${s.replace(/'/g, "''")}'`;

/** Players `${tag}_u_0000001`… with e-mails `${tag}+n@scale.test`, one sign-up every 10 minutes back from now (200k span ~4 years). */
export async function insertPlayers(exec: Exec, tag: string, players: number): Promise<void> {
  await exec(`
    INSERT INTO "User" ("id", "email", "firstName", "lastName", "passwordHash", "securityQuestion", "securityAnswerHash",
                        "balance", "createdAt", "updatedAt", "emailVerifiedAt")
    SELECT ${q(tag)} || '_u_' || lpad(g::text, 7, '0'), ${q(tag)} || '+' || g || '@scale.test',
           'Player' || g, 'Scale', 'scale-no-login', 'Scale?', 'scale-no-login',
           0, now() - (g * 10 || ' minutes')::interval, now(), now()
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
    INSERT INTO "LedgerEntry" ("id", "userId", "kind", "amount", "balanceAfter", "reference", "note", "createdAt",
                               "cashAmount", "creditAmount", "cashAfter", "creditAfter")
    SELECT x."id", x."userId", x."kind"::"LedgerKind", x."amount", x."balanceAfter", x."reference", x."note", x."createdAt",
           x."amount", 0, x."balanceAfter", 0
    FROM (SELECT 'adj_' || ${q(entryTag)} || '_' || s."userId", s."userId", 'adjustment', s.spent + 10, u."balance" + s.spent + 10,
           'scale:' || ${q(entryTag)} || ':' || s."userId", 'data-scale credit', now() - interval '1 day'
    FROM (SELECT "userId", SUM("totalAmount") AS spent FROM "TicketEntry"
          WHERE "contestId" = ${q(contestId)} AND "id" LIKE ${q(`${entryTag}_e_%`)} GROUP BY "userId") s
    JOIN "User" u ON u."id" = s."userId"
    ) AS x("id", "userId", "kind", "amount", "balanceAfter", "reference", "note", "createdAt")`);
  await exec(`
    INSERT INTO "LedgerEntry" ("id", "userId", "kind", "amount", "balanceAfter", "reference", "note", "createdAt",
                               "cashAmount", "creditAmount", "cashAfter", "creditAfter")
    SELECT x."id", x."userId", x."kind"::"LedgerKind", x."amount", x."balanceAfter", x."reference", x."note", x."createdAt",
           x."amount", 0, x."balanceAfter", 0
    FROM (SELECT 'pur_' || e."id", e."userId", 'purchase', -e."totalAmount",
           u."balance" + s.spent + 10 - SUM(e."totalAmount") OVER (PARTITION BY e."userId" ORDER BY e."id"),
           e."id", 'data-scale purchase', e."createdAt"
    FROM "TicketEntry" e
    JOIN (SELECT "userId", SUM("totalAmount") AS spent FROM "TicketEntry"
          WHERE "contestId" = ${q(contestId)} AND "id" LIKE ${q(`${entryTag}_e_%`)} GROUP BY "userId") s ON s."userId" = e."userId"
    JOIN "User" u ON u."id" = e."userId"
    WHERE e."contestId" = ${q(contestId)} AND e."id" LIKE ${q(`${entryTag}_e_%`)}
    ) AS x("id", "userId", "kind", "amount", "balanceAfter", "reference", "note", "createdAt")`);
  await exec(`
    UPDATE "User" u SET "balance" = u."balance" + 10, "cashBalance" = u."cashBalance" + 10
    FROM (SELECT DISTINCT "userId" FROM "TicketEntry" WHERE "contestId" = ${q(contestId)} AND "id" LIKE ${q(`${entryTag}_e_%`)}) s
    WHERE u."id" = s."userId"`);
}

/** Every generated player of `tag` gets a $`amount` credit (one `adjustment` row each). */
export async function creditPlayers(exec: Exec, tag: string, amount: number): Promise<void> {
  await exec(`
    INSERT INTO "LedgerEntry" ("id", "userId", "kind", "amount", "balanceAfter", "reference", "note", "createdAt",
                               "cashAmount", "creditAmount", "cashAfter", "creditAfter")
    SELECT x."id", x."userId", x."kind"::"LedgerKind", x."amount", x."balanceAfter", x."reference", x."note", x."createdAt",
           x."amount", 0, x."balanceAfter", 0
    FROM (SELECT 'flt_' || u."id", u."id", 'adjustment', ${amount}, u."balance" + ${amount}, 'scale-float:' || u."id",
           'data-scale float', now() - interval '2 days'
    FROM "User" u WHERE u."id" LIKE ${q(`${tag}_u_%`)}
    ) AS x("id", "userId", "kind", "amount", "balanceAfter", "reference", "note", "createdAt")`);
  await exec(
    `UPDATE "User" SET "balance" = "balance" + ${amount}, "cashBalance" = "cashBalance" + ${amount} WHERE "id" LIKE ${q(`${tag}_u_%`)}`,
  );
}

/** `count` contests titled `${title} n`, ended and drawn (winner: the holder of ticket 1) once entries exist. */
export async function insertContests(exec: Exec, tag: string, count: number, status: "active" | "ended"): Promise<void> {
  await exec(`
    INSERT INTO "Contest" ("id", "title", "description", "category", "status", "ticketPrice", "drawSeed", "drawSeedHash",
                           "createdAt", "updatedAt")
    SELECT ${q(tag)} || '_c_' || lpad(g::text, 6, '0'), 'Scale contest ' || g, 'Grown by bench/scale-data.ts', 'cars',
           ${q(status)}, 2, md5(g::text || ${q(tag)}), encode(sha256(convert_to(md5(g::text || ${q(tag)}), 'UTF8')), 'hex'),
           now() - (g || ' minutes')::interval, now()
    FROM generate_series(1, ${count}) g`);
}

/**
 * The draw's prize of every contest of `tag` (won by its winner, else by `userId`), statuses in turn
 * from work to do (disputed, requested, shipped) to done, each as old as its contest (none taken as
 * cash, which would need its ledger row).
 */
export async function insertPrizes(exec: Exec, tag: string, userId: string): Promise<void> {
  const statuses = ["received", "delivered", "unclaimed", "shipped", "prize_requested", "disputed"];
  await exec(`
    INSERT INTO "Prize" ("id", "contestId", "userId", "status", "claimBy", "createdAt", "updatedAt")
    SELECT 'pz_' || c."id", c."id", COALESCE(c."winnerId", ${q(userId)}),
           (ARRAY[${statuses.map(q).join(", ")}])[1 + substring(c."id" from '[0-9]+$')::int % ${statuses.length}]::"PrizeStatus",
           now() + interval '30 days', c."createdAt", now()
    FROM "Contest" c WHERE c."id" LIKE ${q(`${tag}_c_%`)}`);
}

/**
 * `entries` single-ticket-range entries spread round-robin over the `contests` contests of `tag` and
 * players `firstPlayer`..`firstPlayer+players-1`, numbered per contest after what each sold, paid
 * through the ledger like insertEntries (one credit per player, one debit per entry).
 */
export async function insertSpreadEntries(
  exec: Exec,
  opts: {
    tag: string;
    batch: string;
    contests: number;
    players: number;
    firstPlayer?: number;
    entries: number;
    ticketsPerEntry: number;
  },
): Promise<void> {
  const { tag, batch, contests, players, entries, ticketsPerEntry: t } = opts;
  const first = opts.firstPlayer ?? 1;
  const prefix = `${tag}_${batch}_e_`;
  await exec(`
    INSERT INTO "TicketEntry" ("id", "userId", "contestId", "ticketCount", "firstTicket", "lastTicket", "totalAmount", "createdAt")
    SELECT ${q(prefix)} || lpad(g::text, 8, '0'),
           ${q(tag)} || '_u_' || lpad((${first} + (g - 1) % ${players})::text, 7, '0'),
           c."id", ${t}, c."soldTickets" + ((g - 1) / ${contests}) * ${t} + 1, c."soldTickets" + ((g - 1) / ${contests} + 1) * ${t},
           ${t} * 2, now() - ((${entries} - g) || ' seconds')::interval
    FROM generate_series(1, ${entries}) g
    JOIN "Contest" c ON c."id" = ${q(tag)} || '_c_' || lpad((((g - 1) % ${contests}) + 1)::text, 6, '0')`);
  await exec(`
    UPDATE "Contest" c SET "soldTickets" = c."soldTickets" + s.n
    FROM (SELECT "contestId", SUM("ticketCount")::int AS n FROM "TicketEntry" WHERE "id" LIKE ${q(`${prefix}%`)} GROUP BY 1) s
    WHERE c."id" = s."contestId"`);
  const spent = `(SELECT "userId", SUM("totalAmount") AS spent FROM "TicketEntry" WHERE "id" LIKE ${q(`${prefix}%`)} GROUP BY "userId")`;
  await exec(`
    INSERT INTO "LedgerEntry" ("id", "userId", "kind", "amount", "balanceAfter", "reference", "note", "createdAt",
                               "cashAmount", "creditAmount", "cashAfter", "creditAfter")
    SELECT x."id", x."userId", x."kind"::"LedgerKind", x."amount", x."balanceAfter", x."reference", x."note", x."createdAt",
           x."amount", 0, x."balanceAfter", 0
    FROM (SELECT 'adj_' || ${q(`${tag}_${batch}`)} || '_' || s."userId", s."userId", 'adjustment', s.spent, u."balance" + s.spent,
           'scale:' || ${q(`${tag}_${batch}`)} || ':' || s."userId", 'data-scale credit', now() - interval '1 day'
    FROM ${spent} s JOIN "User" u ON u."id" = s."userId"
    ) AS x("id", "userId", "kind", "amount", "balanceAfter", "reference", "note", "createdAt")`);
  await exec(`
    INSERT INTO "LedgerEntry" ("id", "userId", "kind", "amount", "balanceAfter", "reference", "note", "createdAt",
                               "cashAmount", "creditAmount", "cashAfter", "creditAfter")
    SELECT x."id", x."userId", x."kind"::"LedgerKind", x."amount", x."balanceAfter", x."reference", x."note", x."createdAt",
           x."amount", 0, x."balanceAfter", 0
    FROM (SELECT 'pur_' || e."id", e."userId", 'purchase', -e."totalAmount",
           u."balance" + s.spent - SUM(e."totalAmount") OVER (PARTITION BY e."userId" ORDER BY e."id"),
           e."id", 'data-scale purchase', e."createdAt"
    FROM "TicketEntry" e JOIN ${spent} s ON s."userId" = e."userId" JOIN "User" u ON u."id" = e."userId"
    WHERE e."id" LIKE ${q(`${prefix}%`)}
    ) AS x("id", "userId", "kind", "amount", "balanceAfter", "reference", "note", "createdAt")`);
}

/** Draws every ended contest of `tag` that sold tickets: the holder of ticket 1 wins; one published post each. */
export async function settleEndedContests(exec: Exec, tag: string): Promise<void> {
  await exec(`
    UPDATE "Contest" c SET "winningTicket" = 1, "winnerId" = e."userId", "drawnAt" = now(), "salesClosedAt" = now()
    FROM "TicketEntry" e
    WHERE c."id" LIKE ${q(`${tag}_c_%`)} AND c."status" = 'ended' AND e."contestId" = c."id" AND e."firstTicket" = 1`);
  await exec(`
    INSERT INTO "WinnerPost" ("id", "title", "description", "winnerName", "winnerId", "contestId", "contestTitle", "winDate",
                              "isPublished", "createdAt", "updatedAt")
    SELECT 'wp_' || c."id", 'Player wins ' || c."title", 'Ticket #1 won.', 'Player S.', c."winnerId", c."id", c."title",
           c."createdAt", true, now(), now()
    FROM "Contest" c WHERE c."id" LIKE ${q(`${tag}_c_%`)} AND c."winnerId" IS NOT NULL`);
}

/** History around the players: notifications, chat, approved top-ups (credited through the ledger), pending withdrawals (held), audit rows. */
export async function insertHistory(
  exec: Exec,
  opts: {
    tag: string;
    players: number;
    notifications: number;
    heavyNotifications: number;
    messages: number;
    payments: number;
    withdrawals: number;
    audit: number;
  },
): Promise<void> {
  const { tag, players } = opts;
  const user = (expr: string) => `${q(tag)} || '_u_' || lpad((${expr})::text, 7, '0')`;
  await exec(`
    INSERT INTO "Notification" ("id", "userId", "type", "title", "message", "isRead", "createdAt")
    SELECT 'nt_' || ${q(tag)} || g, CASE WHEN g <= ${opts.heavyNotifications} THEN ${user("1")} ELSE ${user(`1 + g % ${players}`)} END,
           'other', 'Scale note ' || g, 'Grown by bench/scale-data.ts', g % 3 = 0, now() - (g || ' seconds')::interval
    FROM generate_series(1, ${opts.notifications}) g`);
  // Chat: one player in ten has a conversation.
  await exec(`
    INSERT INTO "SupportMessage" ("id", "userId", "senderId", "message", "isFromAdmin", "readByUser", "readByAdmin", "createdAt")
    SELECT 'sm_' || ${q(tag)} || g, ${user(`1 + (g % GREATEST(1, ${players} / 10)) * 10`)}, NULL, 'Hello ' || g, g % 2 = 0, true,
           g % 4 <> 1, now() - (g || ' seconds')::interval
    FROM generate_series(1, ${opts.messages}) g`);
  await exec(`
    INSERT INTO "Payment" ("id", "userId", "amount", "cryptoCurrency", "provider", "trackId", "payLink", "status", "creditedAmount",
                           "processedAt", "createdAt", "updatedAt")
    SELECT 'pay_' || ${q(tag)} || g, ${user(`1 + g % ${players}`)}, 25, 'USDT', 'sandbox', 'trk_' || ${q(tag)} || g,
           'https://pay.example/' || g, 'approved', 25, now() - (g * 30 || ' minutes')::interval, now() - (g * 30 || ' minutes')::interval, now()
    FROM generate_series(1, ${opts.payments}) g`);
  await exec(`
    INSERT INTO "LedgerEntry" ("id", "userId", "kind", "amount", "balanceAfter", "reference", "note", "createdAt",
                               "cashAmount", "creditAmount", "cashAfter", "creditAfter")
    SELECT x."id", x."userId", x."kind"::"LedgerKind", x."amount", x."balanceAfter", x."reference", x."note", x."createdAt",
           x."amount", 0, x."balanceAfter", 0
    FROM (SELECT 'top_' || p."id", p."userId", 'topup', 25,
           u."balance" + SUM(p."creditedAmount") OVER (PARTITION BY p."userId" ORDER BY p."id"), p."id", 'data-scale top-up', p."processedAt"
    FROM "Payment" p JOIN "User" u ON u."id" = p."userId" WHERE p."id" LIKE ${q(`pay_${tag}%`)}
    ) AS x("id", "userId", "kind", "amount", "balanceAfter", "reference", "note", "createdAt")`);
  await exec(`
    UPDATE "User" u SET "balance" = u."balance" + s.total, "cashBalance" = u."cashBalance" + s.total
    FROM (SELECT "userId", SUM("creditedAmount") AS total FROM "Payment" WHERE "id" LIKE ${q(`pay_${tag}%`)} GROUP BY 1) s
    WHERE u."id" = s."userId"`);
  // Pending withdrawals of $1, each held once from a player who has at least $25 credited above.
  await exec(`
    INSERT INTO "Withdrawal" ("id", "userId", "amount", "cryptoCurrency", "network", "address", "status", "createdAt", "updatedAt")
    SELECT 'wd_' || ${q(tag)} || g, p."userId", 1, 'USDT', 'TRC20', 'TXscaleAddress' || g, 'pending', now() - (g || ' minutes')::interval, now()
    FROM generate_series(1, ${opts.withdrawals}) g
    JOIN LATERAL (SELECT "userId" FROM "Payment" WHERE "id" = 'pay_' || ${q(tag)} || (1 + (g - 1) % ${opts.payments})) p ON true`);
  await exec(`
    INSERT INTO "LedgerEntry" ("id", "userId", "kind", "amount", "balanceAfter", "reference", "note", "createdAt",
                               "cashAmount", "creditAmount", "cashAfter", "creditAfter")
    SELECT x."id", x."userId", x."kind"::"LedgerKind", x."amount", x."balanceAfter", x."reference", x."note", x."createdAt",
           x."amount", 0, x."balanceAfter", 0
    FROM (SELECT 'hold_' || w."id", w."userId", 'withdrawal_hold', -1,
           u."balance" - SUM(w."amount") OVER (PARTITION BY w."userId" ORDER BY w."id"), w."id", 'data-scale hold', w."createdAt"
    FROM "Withdrawal" w JOIN "User" u ON u."id" = w."userId" WHERE w."id" LIKE ${q(`wd_${tag}%`)}
    ) AS x("id", "userId", "kind", "amount", "balanceAfter", "reference", "note", "createdAt")`);
  await exec(`
    UPDATE "User" u SET "balance" = u."balance" - s.total, "cashBalance" = u."cashBalance" - s.total
    FROM (SELECT "userId", SUM("amount") AS total FROM "Withdrawal" WHERE "id" LIKE ${q(`wd_${tag}%`)} GROUP BY 1) s
    WHERE u."id" = s."userId"`);
  await exec(`
    INSERT INTO "AuditLog" ("id", "actorEmail", "action", "targetType", "targetId", "createdAt")
    SELECT 'au_' || ${q(tag)} || g, 'admin@scale.test', 'contest.status', 'contest', 'c' || g, now() - (g || ' seconds')::interval
    FROM generate_series(1, ${opts.audit}) g`);
}
