/**
 * REST answers of instant wins (docs/contests.md "Instant wins"), kept beside responses.ts (which
 * re-exports them) so that file stays small. Same conventions: money strings, times as Dates.
 */
import { z } from "zod";
import { money, nameAnswers, time } from "./response-primitives";
import { INSTANT_PRIZE_KINDS } from "../instant-wins";

const kind = z.enum(INSTANT_PRIZE_KINDS);

/** One instant prize a checkout (or free entry) won. */
export const instantWinOutput = z.object({
  instantPrizeId: z.string(),
  contestId: z.string(),
  contestTitle: z.string(),
  kind,
  label: z.string(),
  amount: money.nullable(),
  ticket: z.number().int(),
  /** The Prize row to claim (physical prizes: delivery or cash alternative, src/server/services/prizes/prizes.ts). */
  prizeId: z.string().nullable(),
});

export const adminInstantPrizesOutput = z.object({
  contestId: z.string(),
  /** Four eyes: the change was proposed and waits for a second approver (nothing changed yet). */
  proposed: z.boolean().optional(),
  ticketMax: z.number().int().nullable(),
  soldTickets: z.number().int(),
  mapHash: z.string().nullable(),
  /** Attach/change is possible (active, no ticket sold). */
  editable: z.boolean(),
  total: z.number().int(),
  left: z.number().int(),
  /** Unawarded prizes hide their ticket even from admins: nobody can buy a known winner. */
  prizes: z.array(
    z.object({
      id: z.string(),
      position: z.number().int(),
      kind,
      label: z.string(),
      amount: money.nullable(),
      awarded: z.boolean(),
      ticket: z.number().int().nullable(),
      winnerEmail: z.string().nullable(),
      awardedAt: time.nullable(),
    }),
  ),
});

export const instantWinsRecordOutput = z.object({
  contestId: z.string(),
  title: z.string(),
  status: z.string(),
  /** null = the contest has no instant prizes. */
  seedHash: z.string().nullable().describe("SHA-256 of the secret seed, published when the map is committed"),
  scheme: z
    .number()
    .int()
    .nullable()
    .describe(
      "How mapHash is made: 2 = HMAC-SHA256 keyed with the seed; 1 = SHA-256 of the map text (maps committed before scheme 2)",
    ),
  mapHash: z
    .string()
    .nullable()
    .describe("The map's commitment; a scheme-1 hash is null until the reveal (it would give the tickets away)"),
  redraw: z
    .object({
      at: time,
      excludedHash: z.string(),
      excludedCount: z.number().int(),
      carried: z.array(z.number().int()),
      previousSeedHash: z.string(),
      excluded: z.string().nullable(),
      previousMapHash: z.string().nullable(),
      previousSeed: z.string().nullable(),
    })
    .nullable()
    .describe(
      "Set when a scheme-1 map was re-drawn: prizes already won kept their tickets (carried positions), the others were drawn from a new seed among the tickets not sold then; after the reveal the excluded tickets and the replaced seed and map hash",
    ),
  ticketMax: z.number().int().nullable(),
  soldTickets: z.number().int(),
  total: z.number().int(),
  left: z.number().int(),
  /** The seed and every ticket are public once sales closed for good (see `isRevealed`). */
  revealed: z.boolean(),
  seed: z.string().nullable(),
  prizes: z.array(
    z.object({
      position: z.number().int(),
      kind,
      label: z.string(),
      amount: money.nullable(),
      awarded: z.boolean(),
      /** The winning ticket: once awarded, or for every prize after the reveal; else null (secret). */
      winningTicket: z.number().int().nullable(),
      awardedEntry: z
        .object({ firstTicket: z.number().int(), lastTicket: z.number().int(), name: z.string().nullable() })
        .nullable()
        .describe("The winning entry; its masked name once sales closed, null while on sale"),
    }),
  ),
});

nameAnswers({
  InstantWin: instantWinOutput,
  AdminInstantPrizes: adminInstantPrizesOutput,
  InstantWinsRecord: instantWinsRecordOutput,
});
