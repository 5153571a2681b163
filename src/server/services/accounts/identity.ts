/**
 * Identity only where the law needs it (docs/payments.md "Identity"): what a player must have
 * verified before money leaves. Read by money's payout rules (services/money/withdrawals/payout-rules.ts).
 */
import type { Prisma } from "@/generated/prisma/client";
import type { IdentityTier } from "@/shared/payout-rules";
import type { DbTx } from "../../platform/db";

export type IdentityStanding = {
  required: IdentityTier;
  verified: IdentityTier;
  /** A verified e-mail where one is required (below tier 1 nothing else is asked). */
  emailOk: boolean;
  /** What is asked, in the player's words (empty when nothing). */
  asks: string[];
  message: string;
};

/** The identity this withdrawal needs and what the player has. */
export async function identityStanding(
  _tx: DbTx,
  _userId: string,
  _w: { withdrawing: Prisma.Decimal },
): Promise<IdentityStanding> {
  return { required: 0, verified: 0, emailOk: true, asks: [], message: "No identity check needed" };
}
