/**
 * Ticket allocation: the ONE function through which every ticket is taken, paid (checkout,
 * POST /api/cart/add) and free (postal entries recorded by an admin, online free entries). It runs
 * inside the caller's transaction, after the money side is written, and takes the contest's row lock
 * with one conditional UPDATE (active, before its end date, enough left, price unchanged):
 *  - a consecutive contest gets one entry with the next range (takeTickets in ./ticket-taking);
 *  - a pick-your-numbers contest (./ticket-picking) gets one entry per number: the numbers picked
 *    (each free: no entry, no other player's live hold, else 409 naming them) plus a lucky dip for
 *    the rest, drawn among the unsold numbers with holds ignored (so free entries are never blocked
 *    or steered by holds); the holds on the numbers taken end.
 * Then the per-player cap. The callers then award instant wins on the entries it returns, in the same
 * transaction (awardInstantWins in ./instant-wins: checkout, postal and online free entries alike).
 */
import { Prisma } from "@/generated/prisma/client";
import { PICK_LIMITS, PICK_MESSAGES } from "@/shared/ticket-picking";
import type { DbTx } from "../../platform/db";
import { badRequest, conflict } from "../../platform/errors";
import { checkPlayerCap, type Priced, takeTickets, whyNot } from "./taking";
import { checkRange, luckyNumbers, unavailableNumbers } from "./picking";

export type AllocationLine = { contestId: string; quantity: number; ticketNumbers?: number[] };
export type AllocatableContest = Priced & { pickNumbers: boolean; maxTickets: number | null };

/** One entry written by an allocation. */
export type AllocatedEntry = {
  entryId: string;
  firstTicket: number;
  lastTicket: number;
  ticketCount: number;
  /** What this entry cost: its share of the line's amount (after bundle and promo savings). */
  amount: Prisma.Decimal;
};
export type Allocation = {
  userId: string;
  contestId: string;
  entries: AllocatedEntry[];
  /** Zero-amount entries (postal or online free entry). */
  freeEntry: boolean;
  /** This allocation sold the contest out (drawn after commit by the caller). */
  soldOut: boolean;
};

/**
 * The entry ids a line needs, made before the transaction's money side so the ledger row and the
 * receipt can name them: one for a consecutive line, one per ticket in a pick contest.
 */
export function entryIdsFor(c: { pickNumbers: boolean }, quantity: number, newId: () => string): string[] {
  return Array.from({ length: c.pickNumbers ? quantity : 1 }, newId);
}

/** Before any money moves: a pick line must be small enough to be one entry per ticket; others cannot pick. */
export function checkPickLine(c: { title: string; pickNumbers: boolean; maxTickets: number | null }, line: AllocationLine) {
  if (!c.pickNumbers) {
    if (line.ticketNumbers?.length) throw badRequest(PICK_MESSAGES.notPickable(c.title));
    return;
  }
  if (line.quantity > PICK_LIMITS.numbersMax) throw badRequest(PICK_MESSAGES.lineTooBig(c.title));
  if (line.ticketNumbers && c.maxTickets !== null) checkRange(c.maxTickets, line.ticketNumbers);
}

/**
 * Takes `line.quantity` tickets for `userId` (see the file comment). `entryIds` from entryIdsFor;
 * `lineAmount` is what the whole line cost after bundle and promo savings (zero for free entries); a
 * pick contest's one-ticket entries share it cent by cent (splitAmount).
 */
export async function allocateTickets(
  tx: DbTx,
  userId: string,
  line: AllocationLine,
  c: AllocatableContest,
  entryIds: readonly string[],
  lineAmount: Prisma.Decimal,
  opts: { freeEntry?: boolean; creditPart?: Prisma.Decimal } = {},
): Promise<Allocation> {
  const freeEntry = opts.freeEntry ?? false;
  const creditPart = opts.creditPart ?? new Prisma.Decimal(0);
  let allocation: Allocation;
  if (!c.pickNumbers) {
    const entryId = entryIds[0] as string;
    const taken = await takeTickets(tx, userId, line, c, entryId, lineAmount, creditPart);
    if (freeEntry) await tx.ticketEntry.update({ where: { id: entryId }, data: { freeEntry: true } });
    allocation = {
      userId,
      contestId: line.contestId,
      entries: [
        { entryId, firstTicket: taken.firstTicket, lastTicket: taken.lastTicket, ticketCount: line.quantity, amount: lineAmount },
      ],
      freeEntry,
      soldOut: taken.soldOut,
    };
  } else {
    allocation = await takePickedTickets(tx, userId, line, c, entryIds, lineAmount, freeEntry, creditPart);
  }
  return allocation;
}

async function takePickedTickets(
  tx: DbTx,
  userId: string,
  line: AllocationLine,
  c: AllocatableContest,
  entryIds: readonly string[],
  lineAmount: Prisma.Decimal,
  freeEntry: boolean,
  creditPart: Prisma.Decimal,
): Promise<Allocation> {
  checkPickLine(c, line);
  if (entryIds.length !== line.quantity) throw new Error("one entry id per picked ticket");
  // The contest's row lock (held to commit) serialises every allocation of this contest.
  const locked = await tx.$queryRaw<{ soldTickets: number; maxTickets: number }[]>`
    UPDATE "Contest" SET "soldTickets" = "soldTickets" + ${line.quantity}, "updatedAt" = now()
    WHERE "id" = ${line.contestId} AND "status" = 'active' AND "pickNumbers"
      AND ("endDate" IS NULL OR "endDate" > now())
      AND "maxTickets" IS NOT NULL AND "soldTickets" + ${line.quantity} <= "maxTickets"
      AND "ticketPrice" = ${c.ticketPrice}::numeric
    RETURNING "soldTickets", "maxTickets"`;
  const row = locked[0];
  if (!row) throw await whyNot(tx, line.contestId, line.quantity, c.ticketPrice);
  const picked = line.ticketNumbers ?? [];
  const gone = await unavailableNumbers(tx, line.contestId, userId, picked);
  if (gone.length) throw conflict(PICK_MESSAGES.taken(c.title, gone));
  const dip = line.quantity - picked.length;
  const lucky = dip > 0 ? await luckyNumbers(tx, line.contestId, row.maxTickets, dip, picked) : [];
  if (lucky.length < dip) throw conflict(PICK_MESSAGES.noneFree(c.title));
  const numbers = [...picked, ...lucky];
  const amounts = splitAmount(lineAmount, numbers.length);
  const credits = creditShares(numbers, amounts, creditPart);
  await tx.$executeRaw`
    INSERT INTO "TicketEntry" ("id", "userId", "contestId", "ticketCount", "firstTicket", "lastTicket", "totalAmount", "freeEntry", "creditAmount")
    SELECT t.id, ${userId}, ${line.contestId}, 1, t.n, t.n, t.amount, ${freeEntry}, t.credit
    FROM unnest(${[...entryIds]}::text[], ${numbers}::int[], ${amounts.map(String)}::numeric[], ${credits.map(String)}::numeric[])
      AS t(id, n, amount, credit)`;
  await tx.$executeRaw`DELETE FROM "TicketHold" WHERE "contestId" = ${line.contestId} AND "number" = ANY(${numbers}::int[])`;
  await checkPlayerCap(tx, userId, line.contestId, line.quantity, c);
  return {
    userId,
    contestId: line.contestId,
    entries: numbers.map((n, i) => ({
      entryId: entryIds[i] as string,
      firstTicket: n,
      lastTicket: n,
      ticketCount: 1,
      amount: amounts[i] as Prisma.Decimal,
    })),
    freeEntry,
    soldOut: row.soldTickets >= row.maxTickets,
  };
}

/**
 * A pick line's credit part over its one-ticket entries: in ticket-number order, each entry paid with
 * credit as far as it goes (the rule the cash/credit migration replays history with).
 */
export function creditShares(
  numbers: readonly number[],
  amounts: readonly Prisma.Decimal[],
  credit: Prisma.Decimal,
): Prisma.Decimal[] {
  const out = amounts.map(() => new Prisma.Decimal(0));
  let left = credit;
  for (const i of numbers
    .map((n, i) => ({ n, i }))
    .sort((a, b) => a.n - b.n)
    .map((x) => x.i)) {
    const share = Prisma.Decimal.min(left, amounts[i] as Prisma.Decimal);
    out[i] = share;
    left = left.sub(share);
  }
  return out;
}

/** `total` in `parts` whole-cent shares that add up to it exactly (the first ones carry the odd cents). */
export function splitAmount(total: Prisma.Decimal, parts: number): Prisma.Decimal[] {
  const cents = total.mul(100).floor().toNumber();
  const base = Math.floor(cents / parts);
  const odd = cents - base * parts;
  const shares = Array.from({ length: parts }, (_, i) => new Prisma.Decimal(base + (i < odd ? 1 : 0)).div(100));
  // Whatever a sub-cent total leaves over goes to the last share, so the sum is exact.
  const rest = total.sub(shares.reduce((a, b) => a.add(b), new Prisma.Decimal(0)));
  shares[parts - 1] = (shares[parts - 1] as Prisma.Decimal).add(rest);
  return shares;
}
