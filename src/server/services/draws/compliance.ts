/**
 * "How we run our draws" (/how-we-run-our-draws, docs/fair-play.md "The compliance page"): the UK
 * Voluntary Code of Good Practice for Prize Draw Operators (November 2025), clause by clause, each
 * written from this site's real settings and rules, so the page cannot drift from what the code
 * does. One small function per clause.
 */
import { formatUsd } from "@/shared/money-format";
import { LIMIT_RAISE_DELAY_HOURS, SELF_EXCLUSION_PERIODS } from "@/shared/responsible-play";
import { MINIMUM_AGE } from "@/shared/responsible-play-messages";
import type { Clause } from "@/shared/safer-play";
import { SELF_EXCLUSION_COOLING_OFF_HOURS } from "@/shared/responsible-play-messages";
import { SUPPORT_ORGANISATIONS } from "@/shared/support-organisations";

export type { Clause };
import { getEnv } from "../../platform/env";
import { fairPlaySettings } from "../kernel";

type Settings = ReturnType<typeof fairPlaySettings>;

function winnerSelection(s: Settings): Clause {
  return {
    id: "winner-selection",
    title: "How winners are chosen",
    asks: "Be open about how winners are selected, and make the selection verifiable.",
    paragraphs: [
      "Before a contest opens we publish the SHA-256 hash of a secret seed on its page. When sales close we fix the final entry list and hash it; the winning ticket is then computed from the seed, that hash and the number of tickets sold, so nobody (us included) can steer it by choosing when to close.",
      s.beacon
        ? [
            "Each draw also mixes in a public random value from the ",
            { text: "drand beacon", href: s.beacon.url },
            ", chosen only after sales close.",
          ]
        : "Each draw mixes the seed with the hash of the final entry list.",
      [
        "After the draw the seed is revealed and the full draw record is public on the contest page, where “Verify in your browser” recomputes the winner; anyone can do the same offline with our open verifier (the verify:draw tool), and follow each draw as it happens on ",
        { text: "Live draws", href: "/draws/live" },
        ".",
      ],
    ],
  };
}

function odds(): Clause {
  return {
    id: "odds",
    title: "Odds of winning",
    asks: "State the odds, or the information needed to work them out, before anyone enters.",
    paragraphs: [
      "Every contest page shows the maximum number of tickets and how many are sold: each ticket has an equal chance, so your odds are your tickets divided by the tickets sold when the draw happens, and never worse than your tickets divided by the maximum.",
      "Free entries, online and by post, are drawn on exactly the same terms as paid ones.",
    ],
  };
}

function freeRoute(s: Settings): Clause {
  return {
    id: "free-entry",
    title: "Free entry route",
    asks: "Offer a free route to enter, with the same chance of winning, that is genuinely usable.",
    paragraphs: [
      `You can enter any contest free by post: send your name, email, the contest name and (where the contest has one) your answer to its question to ${s.freeEntryAddress}. Each valid postal entry gets one ticket, with the same odds as a paid ticket.`,
      `Contests that offer it also take a free entry online: “Enter for free” on the contest page gives a signed-in player one ticket, with the same odds as a paid one, once every ${freeEntryPeriod(getEnv().FREE_ENTRY_PERIOD_HOURS)} per contest; the page says when your next one opens.`,
      "Contests with a skill question ask the same question of paid and free entrants.",
    ],
  };
}

function openPeriod(s: Settings): Clause {
  return {
    id: "open-period",
    title: "Minimum open period and fixed terms",
    asks: "Keep a draw open long enough for free entries to arrive, and do not change its terms once entries are taken.",
    paragraphs: [
      `Every contest stays open at least ${s.minContestOpenHours} hours from the moment it opens, so postal entries can arrive in time.`,
      "Once the first ticket is sold the ticket price, maximum tickets, end date and skill question can no longer change; the only way out is to cancel the contest, which refunds every entrant.",
    ],
  };
}

/** Prize fulfilment: the delivery target and the public trail (src/server/services/prizes/trail.ts). */
function fulfilment(): Clause {
  const days = getEnv().PRIZE_FULFILMENT_TARGET_DAYS;
  return {
    id: "fulfilment",
    title: "Prize fulfilment",
    asks: "Tell winners how and when their prize will be delivered, and keep them informed.",
    paragraphs: [
      "Winners are told on the site and by e-mail the moment the draw is made, with the steps to claim.",
      `Our target is to deliver every prize within ${days} days of the winner's request. Each prize has a public, timestamped trail (won, claimed, cash paid with its transaction id, or requested, shipped with the carrier and tracking reference, delivered) on the winners gallery and in the winner's account; the winner confirms receipt or opens a dispute, and our team sees every prize past the target.`,
      [
        "Every day we publish what we owe players, prizes not yet delivered included, as a proof each player can check for their own account, with the assets we hold beside it: ",
        { text: "Proof of liabilities", href: "/proof-of-liabilities" },
        ".",
      ],
    ],
  };
}

/** "24 hours", "3 days": the online free entry's period, as its setting reads. */
function freeEntryPeriod(hours: number): string {
  return hours % 24 === 0 && hours > 24 ? `${hours / 24} days` : `${hours} hour${hours === 1 ? "" : "s"}`;
}

/** Complaints: reference, answer deadline and escalation route (src/server/services/prizes/complaints.ts). */
function complaints(): Clause {
  const env = getEnv();
  return {
    id: "complaints",
    title: "Complaints",
    asks: "Have a clear, fair complaints process and say how long it takes.",
    paragraphs: [
      "Signed-in players can file a complaint about a purchase, a draw, a prize, a payment or a withdrawal from their account; it is acknowledged at once with a reference number, and every step is e-mailed.",
      [
        `We give a final answer within ${env.COMPLAINT_DUE_WORKING_DAYS} working days. If you are not satisfied with it, you can take the complaint to `,
        { text: env.COMPLAINTS_ADR_NAME, href: env.COMPLAINTS_ADR_URL },
        ", free of charge. The full policy is on our ",
        { text: "Complaints Policy", href: "/complaints-policy" },
        " page.",
      ],
    ],
  };
}

function spendLimits(): Clause {
  return {
    id: "spend-limits",
    title: "Spend limits",
    asks: "Offer players spending limits and prompt them to set one.",
    paragraphs: [
      "At sign-up, and before the first purchase for accounts that skipped it, we ask every player to set a daily, weekly or monthly spend limit (a limit of $0 means no spending at all), or to say no for now.",
      `Limits cover tickets and paid wheel spins and are enforced by our server. A lower limit applies at once; a higher or removed limit only after ${LIMIT_RAISE_DELAY_HOURS} hours.`,
    ],
  };
}

function selfExclusion(): Clause {
  const months = Object.values(SELF_EXCLUSION_PERIODS).map((m) =>
    m % 12 === 0 ? `${m / 12} year${m === 12 ? "" : "s"}` : `${m} months`,
  );
  return {
    id: "self-exclusion",
    title: "Self-exclusion and closing an account",
    asks: "Let players take a break or leave, and stop marketing to them while they do.",
    paragraphs: [
      `You can self-exclude for ${months.join(", ")}. While excluded you cannot top up, enter or spin, we send you no offers and show no promotions; you can still sign in, read your history and withdraw.`,
      `A self-exclusion cannot be shortened. When the period is over it continues until you ask to end it, and then ends ${SELF_EXCLUSION_COOLING_OFF_HOURS} hours after you ask.`,
      "You can also close your account for good from Account Settings: it signs you out everywhere and cannot be signed into again.",
      `Players must be ${MINIMUM_AGE} or over.`,
    ],
  };
}

function signposting(s: Settings): Clause {
  return {
    id: "safer-play",
    title: "Help and support",
    asks: "Signpost independent support on spending screens and throughout the site.",
    paragraphs: [
      "If playing stops being fun, free and confidential help is available from these organisations. Their links appear on the cart, top-up, wheel and contest pages and in the footer of every page.",
      ...(s.wheelDailyPayoutCap ? [`Wheel winnings are capped at ${formatUsd(s.wheelDailyPayoutCap)} per player per day.`] : []),
    ],
    links: SUPPORT_ORGANISATIONS,
  };
}

/** The clauses in the code's order. */
export function complianceClauses(settings: Settings = fairPlaySettings()): Clause[] {
  return [
    winnerSelection(settings),
    odds(),
    freeRoute(settings),
    openPeriod(settings),
    fulfilment(),
    complaints(),
    spendLimits(),
    selfExclusion(),
    signposting(settings),
  ];
}
