/**
 * One function per business event that mails someone. Services call these with their transaction
 * client (one line each), so the email commits or rolls back with the event (outbox.ts).
 */
import type { DbTx } from "../platform/db";
import {
  enqueueEmail,
  heldFor,
  mailUser,
  type RecipientRow,
  receiptPlaceholder,
  recipientIfWanted,
  ticketsPlaceholder,
} from "./outbox";
import { formatUsd } from "@/shared/money-format";
import {
  notice,
  passwordChanged,
  purchaseReceipt,
  type ReceiptLine,
  type ReceiptSavings,
  slot,
  topUpApproved,
  topUpRejected,
} from "./templates";

const nameOf = (u: { firstName: string; displayName: string | null }) => u.displayName?.trim() || u.firstName;

/**
 * Receipt for one checkout (every line, with each contest's published seed hash), written before
 * the tickets are taken so that nothing but the ticket statement and the commit runs under the
 * contests' row locks: each line's numbers are a placeholder made here from its entry id
 * (ticketsPlaceholder in ./outbox, filled from the entry whenever the message is read). `buyer` is
 * the player's row as the checkout read it (src/server/services/checkout/buyer.ts). Writes the outbox row and gives its id (null: the player turned
 * receipts off).
 */
export async function queueReceipt(
  tx: DbTx,
  buyer: RecipientRow,
  purchase: {
    entries: (Omit<ReceiptLine, "tickets" | "receipts"> & { entryIds: string[] })[];
    totalAmount: string;
    balance: string;
    pricing?: ReceiptSavings;
  },
): Promise<string | null> {
  const user = recipientIfWanted(buyer, "purchase_receipt");
  if (!user) return null;
  // A picked-numbers line holds one entry per number (src/server/services/tickets/allocation.ts).
  const entries = purchase.entries.map(({ entryIds, ...line }) => ({
    ...line,
    tickets: entryIds.map((id) => slot(ticketsPlaceholder(id))).join(", "),
    // Each entry's signed receipt (docs/fair-play.md "Signed receipts"), filled when the message is read.
    receipts: entryIds.map((id) => slot(receiptPlaceholder(id))),
  }));
  return enqueueEmail(tx, {
    to: user.email,
    kind: "purchase_receipt",
    userId: user.id,
    message: purchaseReceipt(nameOf(user), entries, purchase.totalAmount, purchase.balance, purchase.pricing),
    held: heldFor("purchase_receipt", user.verified),
  });
}

export async function mailTopUpApproved(
  tx: DbTx,
  payment: { id: string; userId: string; amount: string },
  balance: string,
): Promise<void> {
  await mailUser(tx, payment.userId, "topup_approved", (u) =>
    topUpApproved(nameOf(u), { amount: payment.amount, balance, paymentId: payment.id }),
  );
}

export async function mailTopUpRejected(
  tx: DbTx,
  payment: { id: string; userId: string; amount: string },
  reason: string | null,
): Promise<void> {
  await mailUser(tx, payment.userId, "topup_rejected", (u) =>
    topUpRejected(nameOf(u), { amount: payment.amount, reason, paymentId: payment.id }),
  );
}

/** Security: wrong two-factor codes from anywhere paused the account's codes until `until` (services/accounts/two-factor.ts). */
export async function mailTwoFactorLocked(tx: DbTx, userId: string, until: Date): Promise<void> {
  await mailUser(tx, userId, "two_factor_locked", (u) =>
    notice(nameOf(u), "Your two-factor codes were paused", {
      paragraphs: [
        "Someone who knows your password entered wrong authentication codes for your account too many times, so codes from your authenticator app are paused for a while.",
        "Change your password now (Account Settings, or the reset link on the sign-in page). Your backup codes still work, and sessions already signed in are not affected.",
      ],
      rows: [["Codes paused until", until.toUTCString()]],
      button: { label: "Reset your password", path: "/forgot-password" },
      small: "If this was you, wait until the time above or sign in with a backup code.",
    }),
  );
}

export async function mailPasswordChanged(tx: DbTx, userId: string, when: Date): Promise<void> {
  await mailUser(tx, userId, "password_changed", (u) => passwordChanged(nameOf(u), when));
}

type WithdrawalMail = { id: string; userId: string; amount: string; cryptoCurrency: string; address: string };

/** Withdrawal requested / paid / rejected / failed (src/server/services/money/withdrawals/). */
export async function mailWithdrawal(
  tx: DbTx,
  w: WithdrawalMail,
  event:
    | { kind: "requested"; route?: "review" | "identity" | "instant" }
    | { kind: "paid"; txid: string | null }
    | { kind: "rejected" | "failed"; reason: string },
): Promise<void> {
  const amount = formatUsd(w.amount);
  const rows: [string, string][] = [
    ["Amount", amount],
    ["Currency", w.cryptoCurrency],
    ["To address", w.address],
    ["Withdrawal", w.id],
  ];
  const link = { label: "Your withdrawals", path: "/withdrawals" };
  await mailUser(tx, w.userId, `withdrawal_${event.kind}`, (u) => {
    const name = nameOf(u);
    switch (event.kind) {
      case "requested":
        return notice(name, `Withdrawal requested: ${amount}`, {
          paragraphs: [
            event.route === "identity"
              ? `We have your request to withdraw ${amount} in ${w.cryptoCurrency}. The amount is held from your balance until your identity is verified; then it is paid.`
              : `We have your request to withdraw ${amount} in ${w.cryptoCurrency}. The amount is held from your balance while an admin reviews it.`,
          ],
          rows,
          button: link,
        });
      case "paid":
        return notice(name, `Withdrawal sent: ${amount}`, {
          paragraphs: [`Your withdrawal of ${amount} has been sent.`],
          rows: event.txid ? [...rows, ["Transaction", event.txid]] : rows,
          button: link,
        });
      case "rejected":
        return notice(name, `Withdrawal rejected: ${amount}`, {
          paragraphs: [
            `Your withdrawal of ${amount} was rejected: ${event.reason}.`,
            "The amount is back in your balance. Questions? Write to us in the support chat.",
          ],
          rows,
          button: link,
        });
      case "failed":
        return notice(name, `Withdrawal could not be sent: ${amount}`, {
          paragraphs: [
            `Your withdrawal of ${amount} could not be sent (${event.reason}).`,
            "The amount is back in your balance; you can request it again.",
          ],
          rows,
          button: link,
        });
    }
  });
}

/** The winner's next steps: claim the prize or its cash alternative by the deadline (services/draws/draw.ts). */
export async function mailPrizeClaimSteps(
  tx: DbTx,
  prize: { userId: string; contestTitle: string; cashAlternative: string | null; claimBy: Date },
): Promise<void> {
  await mailUser(tx, prize.userId, "prize_claim_steps", (u) =>
    notice(nameOf(u), `Claim your prize: ${prize.contestTitle}`, {
      paragraphs: [
        `Your prize "${prize.contestTitle}" is waiting for you. How to claim it:`,
        "1. Open My Prizes (link below).",
        prize.cashAlternative
          ? `2. Choose the prize itself (enter your delivery address) or its cash alternative of ${formatUsd(prize.cashAlternative)}, credited to your balance at once.`
          : "2. Enter the delivery address for your prize.",
        "3. We email you when it ships and when it is delivered.",
      ],
      rows: [["Claim by", prize.claimBy.toUTCString()]],
      button: { label: "Claim your prize", path: "/prizes" },
    }),
  );
}

/** A prize claim's progress: cash credited, delivery requested, shipped, delivered (services/prizes/prizes.ts). */
export async function mailPrizeUpdate(
  tx: DbTx,
  userId: string,
  contestTitle: string,
  event: { kind: "cash"; amount: string } | { kind: "requested" } | { kind: "shipped"; note?: string } | { kind: "delivered" },
): Promise<void> {
  await mailUser(tx, userId, "prize_update", (u) => {
    const name = nameOf(u);
    const button = { label: "My Prizes", path: "/prizes" };
    switch (event.kind) {
      case "cash":
        return notice(name, `Cash alternative credited: ${formatUsd(event.amount)}`, {
          paragraphs: [`${formatUsd(event.amount)} for "${contestTitle}" has been added to your balance.`],
          button,
        });
      case "requested":
        return notice(name, `Prize claimed: ${contestTitle}`, {
          paragraphs: [`We have your delivery address for "${contestTitle}" and will email you when it ships.`],
          button,
        });
      case "shipped":
        return notice(name, `Your prize is on its way: ${contestTitle}`, {
          paragraphs: [`Your prize "${contestTitle}" has shipped.${event.note ? ` ${event.note}` : ""}`],
          button,
        });
      case "delivered":
        return notice(name, `Prize delivered: ${contestTitle}`, {
          paragraphs: [`Your prize "${contestTitle}" has been delivered. Enjoy, and congratulations again!`],
          button,
        });
    }
  });
}

/** Responsible play: a confirmation of changed spend limits (src/server/services/safer-play/responsible-play.ts). */
export async function mailLimitsChanged(
  tx: DbTx,
  userId: string,
  view: { message?: string; limits: Record<"daily" | "weekly" | "monthly", string | null> },
): Promise<void> {
  const show = (v: string | null) => (v ? formatUsd(v) : "No limit");
  await mailUser(tx, userId, "limits_changed", (u) =>
    notice(nameOf(u), "Your spend limits were changed", {
      paragraphs: [view.message ?? "Your limits apply now.", "If you did not make this change, write to us in the support chat."],
      rows: [
        ["Daily", show(view.limits.daily)],
        ["Weekly", show(view.limits.weekly)],
        ["Monthly", show(view.limits.monthly)],
      ],
    }),
  );
}

/** Responsible play: self-exclusion started or extended. */
export async function mailSelfExclusion(tx: DbTx, userId: string, until: Date): Promise<void> {
  await mailUser(tx, userId, "self_exclusion_started", (u) =>
    notice(nameOf(u), "Your self-exclusion has started", {
      paragraphs: [
        `You are excluded from buying tickets, topping up and spinning the wheel until ${until.toUTCString()}. It cannot be shortened.`,
        "You can still sign in, see your history and withdraw your balance.",
      ],
    }),
  );
}

/** Auto-entry (docs/retention.md "Auto-entry"): a standing order stopped, and why; nothing more is bought. */
export async function mailAutoEntryStopped(tx: DbTx, userId: string, reason: string): Promise<void> {
  await mailUser(tx, userId, "auto_entry_stopped", (u) =>
    notice(nameOf(u), "Your auto-entry stopped", {
      paragraphs: [
        `Your auto-entry stopped: ${reason}. Nothing more will be bought by it.`,
        "You can see it, and set up a new one, under Auto-entry in your account menu.",
      ],
    }),
  );
}
