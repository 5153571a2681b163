/**
 * Instant wins (docs/contests.md "Instant wins", docs/fair-play.md): an admin sets a contest's
 * instant prizes while no ticket is sold; each gets a winning ticket from a map derived from a fresh
 * secret seed (src/shared/instant-wins.ts) whose hashes are published at once. The buyer (or free
 * entrant) whose new tickets include a winning number is awarded the prize in the same transaction
 * that numbered the tickets: one conditional UPDATE (awardedAt IS NULL) on rows unique per
 * (contest, ticket), and cash/credit through the ledger (kind + reference = prize id is unique), so
 * a prize is booked exactly once. After the contest ends the seed and the map are public.
 */
import { gateTermsChange, overFourEyesThreshold } from "../accounts";
import type { z } from "zod";
import type { adminInstantPrizesOutput, instantWinOutput } from "@/shared/schemas/responses";
import { randomBytes } from "node:crypto";
import { type Contest, type InstantPrize, Prisma } from "@/generated/prisma/client";
import { commitInstantMap, INSTANT_MESSAGES, INSTANT_SCHEME, type InstantPrizeSpec } from "@/shared/instant-wins";
import type { SetInstantPrizesInput } from "@/shared/schemas/instant-wins";
import { moneyString } from "@/shared/money";
import { PRIZE_CLAIM_DAYS } from "@/shared/prizes";
import type { Db, DbTx } from "../../platform/db";
import { badRequest, conflict, notFound } from "../../platform/errors";
import { recordAudit, applyBalanceChange, notify } from "../kernel";
import { redrawLegacyInstantMaps } from "./instant-redraw";
import { isRevealed } from "./instant-wins-record";

export type InstantWin = z.output<typeof instantWinOutput>;

/** A line of new tickets: the entry and its consecutive range. */
export type NumberedLine = { entryId: string; contestId: string; firstTicket: number; lastTicket: number };

const toSpec = (p: Pick<InstantPrize, "position" | "kind" | "label" | "amount">): InstantPrizeSpec => ({
  position: p.position,
  kind: p.kind,
  label: p.label,
  amount: p.amount ? moneyString(p.amount) : null,
});

/**
 * Awards the instant prizes whose winning tickets are among the new lines, inside the purchase's
 * (or free entry's) transaction, after the tickets were numbered under the contest row lock.
 * Returns the wins and, when cash or credit was booked, the buyer's balance after it.
 */
export async function awardInstantWins(
  tx: DbTx,
  userId: string,
  lines: readonly NumberedLine[],
): Promise<{ wins: InstantWin[]; balance: Prisma.Decimal | null }> {
  if (lines.length === 0) return { wins: [], balance: null };
  // A map committed under the guessable scheme 1 is re-drawn before anything is judged against it.
  await redrawLegacyInstantMaps(tx, lines);
  // One statement for every line: the ranges join the prizes still unawarded in them.
  const won = await tx.$queryRaw<(InstantPrize & { title: string })[]>`
    UPDATE "InstantPrize" AS p SET "winnerId" = ${userId}, "entryId" = l."entryId", "awardedAt" = now()
    FROM unnest(${lines.map((l) => l.entryId)}::text[], ${lines.map((l) => l.contestId)}::text[],
                ${lines.map((l) => l.firstTicket)}::int[], ${lines.map((l) => l.lastTicket)}::int[])
         AS l("entryId", "contestId", "firstTicket", "lastTicket"), "Contest" c
    WHERE p."contestId" = l."contestId" AND p."winningTicket" BETWEEN l."firstTicket" AND l."lastTicket"
      AND p."awardedAt" IS NULL AND c."id" = p."contestId"
    RETURNING p.*, c."title"`;
  const wins: InstantWin[] = [];
  let balance: Prisma.Decimal | null = null;
  for (const p of won.sort((a, b) => a.winningTicket - b.winningTicket)) {
    const amount = p.amount ? moneyString(p.amount) : null;
    let prizeId: string | null = null;
    if (p.kind === "physical") {
      const prize = await tx.prize.create({
        data: {
          contestId: p.contestId,
          userId,
          instantPrizeId: p.id,
          cashAlternative: p.amount,
          claimBy: new Date(Date.now() + PRIZE_CLAIM_DAYS * 86_400_000),
        },
      });
      prizeId = prize.id;
    } else if (p.amount) {
      ({ balance } = await applyBalanceChange(tx, {
        userId,
        amount: p.amount,
        kind: p.kind === "cash" ? "instant_cash" : "instant_credit",
        reference: p.id,
        note: `Instant win: ${p.label} (${p.title}, ticket #${p.winningTicket})`,
      }));
    }
    await notify(tx, userId, {
      type: "success",
      title: "Instant Win!",
      message:
        p.kind === "physical"
          ? `Ticket #${p.winningTicket} in "${p.title}" won ${p.label}. Claim it under My Prizes.`
          : `Ticket #${p.winningTicket} in "${p.title}" won ${p.label}: $${amount} ${p.kind === "cash" ? "cash" : "site credit"} added to your balance.`,
    });
    wins.push({
      instantPrizeId: p.id,
      contestId: p.contestId,
      contestTitle: p.title,
      kind: p.kind,
      label: p.label,
      amount,
      ticket: p.winningTicket,
      prizeId,
    });
  }
  return { wins, balance };
}

/**
 * Replaces a contest's instant prizes and commits a new map (fresh seed). Only on an active contest
 * with a ticket maximum and no ticket sold, under the contest's row lock (the lock every sale takes),
 * so no sale can slip in between the check and the new map.
 */
export async function setInstantPrizes(
  db: Db,
  actorId: string,
  input: SetInstantPrizesInput,
  /** Four eyes: who may confirm (the role matrix's roles for instantWins.set); none given, none asked. */
  confirmerRoles: readonly string[] = [],
): Promise<AdminInstantPrizes> {
  const applied = await db.$transaction(async (tx) => {
    const locked = await tx.$queryRaw<Pick<Contest, "status" | "soldTickets" | "maxTickets" | "instantMapHash">[]>`
      SELECT "status", "soldTickets", "maxTickets", "instantMapHash" FROM "Contest" WHERE "id" = ${input.contestId} FOR UPDATE`;
    const c = locked[0];
    if (!c) throw notFound("Contest not found");
    if (c.soldTickets > 0) throw conflict(INSTANT_MESSAGES.frozen);
    if (c.status !== "active") throw conflict(INSTANT_MESSAGES.notActive);
    if (input.prizes.length > 0 && c.maxTickets === null) throw badRequest(INSTANT_MESSAGES.needsTicketMax);
    if (c.maxTickets !== null && input.prizes.length > c.maxTickets) throw badRequest(INSTANT_MESSAGES.tooMany(c.maxTickets));
    const before = { count: await tx.instantPrize.count({ where: { contestId: input.contestId } }), mapHash: c.instantMapHash };
    // Four eyes: prizes worth FOUR_EYES_USD or more in all are proposed by one and set by another.
    const worth = input.prizes.reduce((sum, p) => sum.add(p.amount ?? 0), new Prisma.Decimal(0));
    let fourEyes: Record<string, string> = {};
    if (confirmerRoles.length && overFourEyesThreshold(worth)) {
      const gate = await gateTermsChange(tx, {
        action: "instantWins.set",
        subjectId: input.contestId,
        actorId,
        change: input.prizes,
        summary: { prizes: String(input.prizes.length), amount: moneyString(worth), contestId: input.contestId },
        confirmerRoles,
      });
      if (!gate.apply) return false;
      fourEyes = gate.fourEyes;
    }
    await tx.instantPrize.deleteMany({ where: { contestId: input.contestId } });
    let commitment: Pick<
      Prisma.ContestUncheckedUpdateInput,
      "instantSeed" | "instantSeedHash" | "instantMapHash" | "instantTicketMax" | "instantScheme" | "instantRedraw"
    > & { instantMapHash: string | null } = {
      instantSeed: null,
      instantSeedHash: null,
      instantMapHash: null,
      instantTicketMax: null,
      instantScheme: null,
      instantRedraw: Prisma.DbNull,
    };
    if (input.prizes.length > 0 && c.maxTickets !== null) {
      const specs: InstantPrizeSpec[] = input.prizes.map((p, i) => ({
        position: i + 1,
        kind: p.kind,
        label: p.label,
        amount: p.amount ? moneyString(p.amount) : null,
      }));
      const seed = randomBytes(32).toString("hex");
      const commit = { seed, contestId: input.contestId, ticketMax: c.maxTickets, prizes: specs, scheme: INSTANT_SCHEME };
      const { map, seedHash, mapHash } = await commitInstantMap(commit);
      await tx.instantPrize.createMany({
        data: specs.map((s) => ({
          contestId: input.contestId,
          position: s.position,
          kind: s.kind,
          label: s.label,
          amount: s.amount,
          winningTicket: map.get(s.position) as number,
        })),
      });
      commitment = {
        instantSeed: seed,
        instantSeedHash: seedHash,
        instantMapHash: mapHash,
        instantTicketMax: c.maxTickets,
        instantScheme: INSTANT_SCHEME,
        instantRedraw: Prisma.DbNull,
      };
    }
    await tx.contest.update({ where: { id: input.contestId }, data: commitment });
    await recordAudit(tx, {
      actorId,
      action: "contest.instant_prizes",
      targetType: "contest",
      targetId: input.contestId,
      before,
      after: { count: input.prizes.length, mapHash: commitment.instantMapHash, ...fourEyes },
    });
    return true;
  });
  return { ...(await listAdminInstantPrizes(db, input.contestId)), proposed: !applied };
}

/**
 * Called by the contest edit under its row lock: the map was drawn in 1..maxTickets, so the
 * maximum cannot change while instant prizes are attached.
 */
export async function assertTicketMaxChangeAllowed(tx: DbTx, contestId: string, from: number | null, to: number | null) {
  if (from === to) return;
  if ((await tx.instantPrize.count({ where: { contestId } })) > 0) throw conflict(INSTANT_MESSAGES.ticketMaxFrozen);
}

export type AdminInstantPrizes = z.output<typeof adminInstantPrizesOutput>;

export async function listAdminInstantPrizes(db: DbTx, contestId: string): Promise<AdminInstantPrizes> {
  const c = await db.contest.findUnique({
    where: { id: contestId },
    select: {
      id: true,
      status: true,
      soldTickets: true,
      instantTicketMax: true,
      maxTickets: true,
      instantMapHash: true,
      instantScheme: true,
      salesClosedAt: true,
      instantPrizes: { orderBy: { position: "asc" }, include: { winner: { select: { email: true } } } },
    },
  });
  if (!c) throw notFound("Contest not found");
  const prizes = c.instantPrizes.map((p) => ({
    ...toSpec(p),
    id: p.id,
    awarded: p.awardedAt !== null,
    ticket: p.awardedAt ? p.winningTicket : null,
    winnerEmail: p.winner?.email ?? null,
    awardedAt: p.awardedAt,
  }));
  return {
    contestId: c.id,
    ticketMax: c.instantTicketMax ?? c.maxTickets,
    soldTickets: c.soldTickets,
    // A scheme-1 hash is as good as the tickets themselves until the reveal (src/shared/instant-wins.ts).
    mapHash: c.instantScheme === 1 && !isRevealed(c) ? null : c.instantMapHash,
    editable: c.status === "active" && c.soldTickets === 0,
    total: prizes.length,
    left: prizes.filter((p) => !p.awarded).length,
    prizes,
  };
}
