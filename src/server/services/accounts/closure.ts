/**
 * Closing an account for good (docs/fair-play.md "Safer play"): the player's own choice, confirmed
 * with the password; the records the operator must keep stay.
 */
import { invalidateUserSessions } from "../../auth/session";
import type { Db } from "../../platform/db";
import { checkCurrentPassword, limitSecretChange } from "./account";

/**
 * Closes the account for good, confirmed with the password (counted like Account Settings'
 * password checks): no login or recovery afterwards, every session ends, and the ledger, entries
 * and payments stay as they are (the records the operator must keep).
 */
export async function closeAccount(db: Db, userId: string, password: string, now = new Date(), ip = "unknown"): Promise<void> {
  await limitSecretChange(db, userId, ip, now);
  await checkCurrentPassword(db, { id: userId }, password, now);
  await db.$transaction(async (tx) => {
    await tx.user.updateMany({ where: { id: userId, closedAt: null }, data: { closedAt: now } });
    await invalidateUserSessions(tx, userId);
    await tx.passwordResetGrant.deleteMany({ where: { userId } });
    // Its devices get nothing more (docs/push.md): a closed account is signed out everywhere.
    await tx.pushSubscription.deleteMany({ where: { userId } });
    await tx.passwordResetToken.deleteMany({ where: { userId } });
  });
}
