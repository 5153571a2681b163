/**
 * Every email the site sends, as plain functions returning subject + plain text + simple HTML
 * (why plain functions and not React Email: docs/email.md). Values are HTML-escaped; links are
 * absolute (APP_URL, src/server/mail/config.ts).
 *
 * Values are data, never template: what players and admins typed (names, complaint notes, addresses,
 * carrier notes, contest titles) cannot form a placeholder (`{{tickets:…}}`, `{{reset-token:…}}`)
 * that delivery would fill, because `compose` breaks every `{` of every value (inertText,
 * inertHtml). The only live placeholders are those the server marked with `slot`, and delivery
 * fills those only from the row's own server-side fields (src/server/mail/outbox.ts,
 * src/server/mail/reset-tokens.ts).
 */
import { randomBytes } from "node:crypto";
import { formatUsd, isPositive } from "@/shared/money";
import { appLink } from "./config";

export type RenderedEmail = { subject: string; text: string; html: string };

const BRAND = "Prize Contests";

export function escapeHtml(value: string | number): string {
  return String(value)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

/**
 * A placeholder the server writes into a message and fills when the message is read: `{{name:id}}`
 * (ticketsPlaceholder in ./outbox, resetTokenPlaceholder in ./reset-tokens).
 */
export const SLOT_PATTERN = /\{\{[a-z-]+:[A-Za-z0-9-]+\}\}/g;

/**
 * Marks a placeholder the server itself put into a value, so that `compose` leaves it live. The mark
 * carries a key made at random when this module loads and never written anywhere (compose takes it
 * out): no typed text can carry it, so no typed text can come out live, even one that copies a slot.
 */
const SLOT_KEY = randomBytes(16).toString("hex");
const MARKED_SLOT = new RegExp(`\uE000${SLOT_KEY}(\\{\\{[a-z-]+:[A-Za-z0-9-]+\\}\\})\uE001`);
export function slot(placeholder: string): string {
  if (!new RegExp(`^${SLOT_PATTERN.source}$`).test(placeholder)) throw new Error(`Not a placeholder: ${placeholder}`);
  return `\uE000${SLOT_KEY}${placeholder}\uE001`;
}

/** A value in the plain-text part: a zero-width space after every `{`, so no `{{` can come out of it (it reads the same). */
export function inertText(value: string | number): string {
  return String(value).replace(/\{/g, "{\u200B");
}

/** A value in the HTML part: escaped, and every `{` as its entity (it renders the same; no `{` left to match). */
export function inertHtml(value: string | number): string {
  return escapeHtml(value).replace(/\{/g, "&#123;");
}

/** Where a contest's public draw record lives (the contest page shows the seed, hash and proof). */
export function drawRecordPath(contestId: string): string {
  return `/contest/${encodeURIComponent(contestId)}`;
}

/** "#7", "#3–#5" */
export function ticketRange(first: number, last: number): string {
  return first === last ? `#${first}` : `#${first}–#${last}`;
}

type Block =
  | { p: string }
  | { rows: [string, string][] }
  | { button: { label: string; href: string } }
  | { small: string }
  /** Machine-readable text (a signed receipt): one line each, wrapped anywhere in HTML. */
  | { mono: string[] };

/**
 * One layout for every message: the same blocks become the text part and the HTML part. Every value
 * is made inert (inertText, inertHtml) but for the slots a template marked with `slot`.
 */
function compose(subject: string, greetingName: string, blocks: Block[]): RenderedEmail {
  const live = (inert: (v: string) => string) => (value: string | number) =>
    String(value)
      .split(MARKED_SLOT) // [text, slot, text, slot, …, text]
      .map((part, i) => (i % 2 === 1 ? part : inert(part)))
      .join("");
  const t = live(inertText);
  const h = live(inertHtml);
  const text: string[] = [`Hi ${t(greetingName)},`, ""];
  const html: string[] = [`<p>Hi ${h(greetingName)},</p>`];
  for (const b of blocks) {
    if ("p" in b) {
      text.push(t(b.p), "");
      html.push(`<p>${h(b.p)}</p>`);
    } else if ("rows" in b) {
      for (const [k, v] of b.rows) text.push(`${t(k)}: ${t(v)}`);
      text.push("");
      html.push(
        `<table cellpadding="4" style="border-collapse:collapse">${b.rows
          .map(([k, v]) => `<tr><td style="color:#555">${h(k)}</td><td><strong>${h(v)}</strong></td></tr>`)
          .join("")}</table>`,
      );
    } else if ("mono" in b) {
      text.push(...b.mono.map((line) => t(line)), "");
      html.push(
        `<pre style="white-space:pre-wrap;word-break:break-all;font-size:11px;color:#333">${b.mono.map((line) => h(line)).join("\n")}</pre>`,
      );
    } else if ("button" in b) {
      text.push(`${t(b.button.label)}: ${t(b.button.href)}`, "");
      html.push(
        `<p><a href="${h(b.button.href)}" style="display:inline-block;padding:10px 18px;background:#228be6;color:#fff;border-radius:6px;text-decoration:none">${h(b.button.label)}</a></p>`,
      );
    } else {
      text.push(t(b.small), "");
      html.push(`<p style="color:#777;font-size:12px">${h(b.small)}</p>`);
    }
  }
  const footer = `— The ${BRAND} team`;
  text.push(footer, appLink("/"));
  html.push(`<p>${escapeHtml(footer)}<br><a href="${escapeHtml(appLink("/"))}">${escapeHtml(appLink("/"))}</a></p>`);
  return {
    subject: t(subject),
    text: `${text.join("\n")}\n`,
    html: `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#222;max-width:560px">${html.join("")}</body></html>`,
  };
}

const PREFERENCES_NOTE = "You can turn receipts and result emails off in Account Settings.";

export type ReceiptLine = {
  contestId: string;
  contestTitle: string;
  ticketCount: number;
  /** The line's ticket numbers as ticketRange writes them, or the placeholders (each a `slot`) a checkout fills in (events.ts). */
  tickets: string;
  totalAmount: string;
  drawSeedHash: string;
  /** The line's signed receipts (one per entry), each a `slot` filled when the message is read (events.ts); none in previews. */
  receipts?: string[];
};

/** Savings of a checkout (src/server/services/checkout/pricing.ts), shown above the total when there are any. */
export type ReceiptSavings = { subtotal: string; bundleSaving: string; promoSaving: string; promoCode: string | null };

function savingRows(s: ReceiptSavings | undefined): [string, string][] {
  if (!s) return [];
  const rows: [string, string][] = [];
  if (isPositive(s.bundleSaving) || isPositive(s.promoSaving)) rows.push(["Price before savings", formatUsd(s.subtotal)]);
  if (isPositive(s.bundleSaving)) rows.push(["Multi-buy saving", `-${formatUsd(s.bundleSaving)}`]);
  if (isPositive(s.promoSaving)) rows.push([`Promo code ${s.promoCode ?? ""}`.trim(), `-${formatUsd(s.promoSaving)}`]);
  return rows;
}

export function purchaseReceipt(
  name: string,
  lines: ReceiptLine[],
  total: string,
  balance: string,
  savings?: ReceiptSavings,
): RenderedEmail {
  const count = lines.reduce((n, l) => n + l.ticketCount, 0);
  const blocks: Block[] = [
    {
      p: `Thanks for entering! Here is your receipt for ${count} ticket${count === 1 ? "" : "s"}. Keep it: your ticket numbers are your proof of entry.`,
    },
  ];
  for (const l of lines) {
    blocks.push({
      rows: [
        ["Contest", l.contestTitle],
        [l.ticketCount === 1 ? "Ticket number" : "Ticket numbers", l.tickets],
        ["Amount", formatUsd(l.totalAmount)],
        ["Draw seed hash (SHA-256)", l.drawSeedHash],
      ],
    });
    if (l.receipts?.length) blocks.push({ mono: l.receipts });
  }
  blocks.push(
    {
      rows: [...savingRows(savings), ["Total paid", formatUsd(total)], ["Balance after purchase", formatUsd(balance)]],
    },
    {
      p: "The seed hash is published before the draw; after the draw we reveal the seed so you can check the winning ticket yourself.",
    },
    ...(lines.some((l) => l.receipts?.length)
      ? [
          {
            p: `Each line above in braces is your signed receipt: our Ed25519 signature over the contest, entry, ticket numbers, amount and time. Check it with our published keys at ${appLink("/proof-of-liabilities#receipts")}.`,
          },
        ]
      : []),
    { button: { label: "See your contest", href: appLink(drawRecordPath(lines[0]?.contestId ?? "")) } },
    { small: PREFERENCES_NOTE },
  );
  const subject =
    lines.length === 1
      ? `Your tickets for ${lines[0]?.contestTitle}: ${lines[0]?.tickets}`
      : `Your receipt: ${count} tickets in ${lines.length} contests`;
  return compose(subject, name, blocks);
}

export function drawResult(
  name: string,
  input: {
    contestId: string;
    contestTitle: string;
    winningTicket: number;
    soldTickets: number;
    won: boolean;
    yourTickets: string[];
  },
): RenderedEmail {
  const link = appLink(drawRecordPath(input.contestId));
  const rows: [string, string][] = [
    ["Contest", input.contestTitle],
    ["Winning ticket", `#${input.winningTicket} of ${input.soldTickets}`],
    ["Your tickets", input.yourTickets.join(", ")],
  ];
  if (input.won) {
    return compose(`You won ${input.contestTitle}!`, name, [
      { p: `Congratulations! Your ticket #${input.winningTicket} won the draw for "${input.contestTitle}".` },
      { rows },
      { p: "We will contact you about your prize. Anyone can verify the draw on its public record:" },
      { button: { label: "View the draw record", href: link } },
      { small: PREFERENCES_NOTE },
    ]);
  }
  return compose(`Draw result: ${input.contestTitle}`, name, [
    { p: `The draw for "${input.contestTitle}" has taken place. Not this time: ticket #${input.winningTicket} won.` },
    { rows },
    { p: "Thanks for playing, and better luck next time! Check the draw yourself on its public record:" },
    { button: { label: "View the draw record", href: link } },
    { small: PREFERENCES_NOTE },
  ]);
}

export function topUpApproved(name: string, input: { amount: string; balance: string; paymentId: string }): RenderedEmail {
  return compose(`Top-up approved: ${formatUsd(input.amount)} added`, name, [
    { p: `Good news: your top-up of ${formatUsd(input.amount)} was approved and added to your balance.` },
    {
      rows: [
        ["Amount", formatUsd(input.amount)],
        ["New balance", formatUsd(input.balance)],
        ["Payment", input.paymentId],
      ],
    },
    { button: { label: "Browse contests", href: appLink("/") } },
  ]);
}

export function topUpRejected(name: string, input: { amount: string; reason: string | null; paymentId: string }): RenderedEmail {
  return compose(`Top-up rejected: ${formatUsd(input.amount)}`, name, [
    { p: `We could not approve your top-up of ${formatUsd(input.amount)}.` },
    {
      rows: [
        ["Amount", formatUsd(input.amount)],
        ["Reason", input.reason || "Not given"],
        ["Payment", input.paymentId],
      ],
    },
    { p: "If you think this is a mistake, write to us in the support chat and quote the payment id." },
  ]);
}

export const RESET_LINK_MINUTES = 30;

/** `link` is built by the server (src/server/services/accounts/reset-link.ts), its token a `slot`. */
export function passwordResetLink(name: string, link: string): RenderedEmail {
  return compose("Reset your Prize Contests password", name, [
    { p: "Someone (hopefully you) asked to reset the password of your Prize Contests account." },
    { button: { label: "Set a new password", href: link } },
    { p: `The link works once and expires in ${RESET_LINK_MINUTES} minutes.` },
    { small: "If you did not ask for this, ignore this email: your password stays as it is." },
  ]);
}

export const VERIFY_LINK_HOURS = 24;

/**
 * The link that verifies an address (`link` built by the server, its token a `slot`). Greets
 * nobody by name: the address is not proved yet, so nothing a player typed goes in it.
 */
export function emailVerificationLink(link: string): RenderedEmail {
  return compose("Verify your e-mail address for Prize Contests", "there", [
    {
      p: "Please confirm that this is your e-mail address, so we can send you receipts, draw results and news about your money.",
    },
    { button: { label: "Verify my e-mail address", href: link } },
    { p: `The link works once and expires in ${VERIFY_LINK_HOURS} hours.` },
    { small: "If you did not create an account at Prize Contests, ignore this e-mail: we will send nothing else here." },
  ]);
}

export function passwordChanged(name: string, when: Date): RenderedEmail {
  return compose("Your Prize Contests password was changed", name, [
    { p: `The password of your account was changed on ${when.toUTCString()}. You were signed out everywhere else.` },
    { small: "If this was not you, reset your password at once and write to us in the support chat." },
    { button: { label: "Reset password", href: appLink("/forgot-password") } },
  ]);
}

/** A short transactional notice: one or two paragraphs, optional details and one link. */
export function notice(
  name: string,
  subject: string,
  input: { paragraphs: string[]; rows?: [string, string][]; button?: { label: string; path: string }; small?: string },
): RenderedEmail {
  const blocks: Block[] = input.paragraphs.map((p) => ({ p }));
  if (input.rows?.length) blocks.splice(1, 0, { rows: input.rows });
  if (input.button) blocks.push({ button: { label: input.button.label, href: appLink(input.button.path) } });
  if (input.small) blocks.push({ small: input.small });
  return compose(subject, name, blocks);
}

/**
 * An offer or news (a marketing kind, queued only through the accounts domain's queueMarketingEmail):
 * always ends with why it came and the one-click link that stops it.
 */
export function offer(
  name: string,
  subject: string,
  input: { paragraphs: string[]; button?: { label: string; path: string }; unsubscribeUrl: string },
): RenderedEmail {
  const blocks: Block[] = input.paragraphs.map((p) => ({ p }));
  if (input.button) blocks.push({ button: { label: input.button.label, href: appLink(input.button.path) } });
  blocks.push({
    small: `You get offers because you asked for them. Unsubscribe with one click: ${input.unsubscribeUrl}`,
  });
  return compose(subject, name, blocks);
}
