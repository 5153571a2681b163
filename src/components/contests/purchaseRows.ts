import { addMoney, moneyString } from "@/shared/money";
import type { EntryStatusKind } from "@/shared/purchase-rules";
import type { RouterOutputs } from "@/trpc/types";

type Entry = RouterOutputs["cart"]["purchases"][number];

/** One purchase as My Purchases shows it: every entry one checkout wrote for one contest. */
export type PurchaseRow = {
  key: string;
  contestId: string;
  contestTitle: string;
  contestImage: string | null;
  contestEndDate: Entry["contestEndDate"];
  entryDate: Entry["entryDate"];
  ticketCount: number;
  totalAmount: string;
  /** The part of totalAmount paid with site credit (the rest was cash). */
  paidWithCredit: string;
  /** Each entry's [first, last] ticket (picked numbers are one entry per number). */
  ranges: [number, number][];
  status: EntryStatusKind;
  winningTicket: number | null;
  freeEntry: boolean;
  onlineFreeEntry: boolean;
  instantWins: Entry["instantWins"];
  /** The row's savings (the server records a line's saving on one of its entries). */
  savings: { listAmount: string; bundleSaving: string; promoSaving: string; promoCode: string | null } | null;
};

/**
 * The player's entries as purchases, in the order they came (newest first). A checkout writes one
 * entry per consecutive run of tickets, and one per number when the numbers were picked; all of one
 * checkout's entries for a contest share its instant (the transaction's), so they are one row: its
 * numbers, its total and its saving together. The row is won when any of its tickets won.
 */
export function purchaseRows(entries: readonly Entry[]): PurchaseRow[] {
  const rows = new Map<string, PurchaseRow>();
  for (const e of entries) {
    const key = [e.contestId, new Date(e.entryDate).getTime(), e.freeEntry, e.onlineFreeEntry].join("|");
    const row = rows.get(key);
    if (!row) {
      rows.set(key, {
        key: e.entryId,
        contestId: e.contestId,
        contestTitle: e.contestTitle,
        contestImage: e.contestImage,
        contestEndDate: e.contestEndDate,
        entryDate: e.entryDate,
        ticketCount: e.ticketCount,
        totalAmount: e.totalAmount,
        paidWithCredit: e.paidWithCredit,
        ranges: [[e.firstTicket, e.lastTicket]],
        status: e.status,
        winningTicket: e.winningTicket,
        freeEntry: e.freeEntry,
        onlineFreeEntry: e.onlineFreeEntry,
        instantWins: [...e.instantWins],
        savings: e.pricing ? { ...e.pricing } : null,
      });
      continue;
    }
    row.ticketCount += e.ticketCount;
    row.totalAmount = moneyString(addMoney(row.totalAmount, e.totalAmount));
    row.paidWithCredit = moneyString(addMoney(row.paidWithCredit, e.paidWithCredit));
    row.ranges.push([e.firstTicket, e.lastTicket]);
    if (e.status === "won") row.status = "won";
    row.instantWins.push(...e.instantWins);
    if (e.pricing) {
      row.savings = row.savings
        ? {
            listAmount: moneyString(addMoney(row.savings.listAmount, e.pricing.listAmount)),
            bundleSaving: moneyString(addMoney(row.savings.bundleSaving, e.pricing.bundleSaving)),
            promoSaving: moneyString(addMoney(row.savings.promoSaving, e.pricing.promoSaving)),
            promoCode: row.savings.promoCode ?? e.pricing.promoCode,
          }
        : { ...e.pricing };
    }
  }
  for (const row of rows.values()) {
    // Before savings = what was paid plus what was saved, whichever entry carries the saving.
    if (row.savings) {
      row.savings.listAmount = moneyString(addMoney(row.totalAmount, row.savings.bundleSaving, row.savings.promoSaving));
    }
    row.instantWins.sort((a, b) => a.ticket - b.ticket);
  }
  return [...rows.values()];
}
