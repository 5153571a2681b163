/** Constants both the server and the browser need. docs/product.md §9 unless noted. */

export const CONTEST_CATEGORIES = ["cars", "houses", "bikes", "watches", "money", "cash", "tax_free_cash"] as const;
export type ContestCategory = (typeof CONTEST_CATEGORIES)[number];
/** What the admin contest form offers for a new contest (docs/product.md: no cars; seeded car contests keep theirs). */
export const ADMIN_FORM_CATEGORIES = ["houses", "bikes", "watches", "money", "cash", "tax_free_cash"] as const;

/** Header dropdown and mobile menu labels. */
export const CATEGORY_LABELS: Record<ContestCategory, string> = {
  cars: "Cars",
  houses: "Houses",
  bikes: "Bikes",
  watches: "Watches",
  money: "Money",
  cash: "Cash",
  tax_free_cash: "Tax Free Cash",
};

/** Signed-in home heading and subtitle per category ('all' = every category). */
export const CATEGORY_HEADINGS: Record<ContestCategory | "all", { heading: string; subtitle: string }> = {
  all: { heading: "Active Contests", subtitle: "Pick your prize, grab your tickets and good luck!" },
  cars: { heading: "Dream Car Contests", subtitle: "Supercars, SUVs and classics waiting for a new driver." },
  houses: { heading: "House Contests", subtitle: "Win the keys to a brand-new home." },
  bikes: { heading: "Motorbike Contests", subtitle: "Superbikes and cruisers ready for the open road." },
  watches: { heading: "Luxury Watch Contests", subtitle: "Iconic timepieces from the world's finest makers." },
  money: { heading: "Money Contests", subtitle: "Big money prizes paid straight to your wallet." },
  cash: { heading: "Cash Contests", subtitle: "Instant cash prizes from $1,000 to $100,000." },
  tax_free_cash: { heading: "Tax Free Cash Contests", subtitle: "Tax-free cash prizes, yours to keep in full." },
};

export const SECURITY_QUESTIONS = [
  "What was the name of your first pet?",
  "What is your mother's maiden name?",
  "What was the name of your first school?",
  "In what city were you born?",
  "What is your favourite book?",
  "What was the model of your first car?",
  "What is your favourite movie?",
] as const;

/** The spec's four first (the footer's "Payment Methods" lists them), then the coins added beside them. */
export const CRYPTO_CURRENCIES = ["BTC", "ETH", "USDT", "BNB", "USDC", "LTC", "TRX", "SOL", "TON"] as const;
export type CryptoCurrency = (typeof CRYPTO_CURRENCIES)[number];
/** The footer's "Payment Methods": the spec's four. */
export const FOOTER_CRYPTO_CURRENCIES = ["BTC", "ETH", "USDT", "BNB"] as const satisfies readonly CryptoCurrency[];
export const CRYPTO_LABELS: Record<CryptoCurrency, string> = {
  BTC: "Bitcoin",
  ETH: "Ethereum",
  USDT: "Tether",
  BNB: "Binance",
  USDC: "USD Coin",
  LTC: "Litecoin",
  TRX: "Tron",
  SOL: "Solana",
  TON: "Toncoin",
};

export const LIMITS = {
  passwordMin: 6,
  nameMin: 2,
  signupAnswerMin: 2,
  verifyAnswerMin: 1,
  quantityMin: 1,
  /** Not fixed by the product (no upper bound in the UI, docs/product.md §5); a sanity ceiling per order line on the server. */
  quantityMax: 1_000_000,
  cartLinesMax: 50,
  topUpMin: 1,
  /** Not fixed by the product (docs/product.md §9); a sane ceiling for one top-up. */
  topUpMax: 100000,
  /** Unpaid, unexpired top-ups one player may have open at once (flooding the admins' pending list). */
  openTopUpsMax: 5,
  /** Rows per page of the admin pending-payments list (default, and most a caller may ask for). */
  pendingPaymentsPage: 50,
  pendingPaymentsPageMax: 100,
  /** Rows per page of the admin audit log. */
  auditPage: 50,
  /**
   * Keyset pages of the growing lists: rows per page by default (also what a REST row
   * answers when no paging parameter is given), and the most one request may ask for.
   */
  listPage: 50,
  listPageMax: 100,
  /** Admin reasons (payment override, rejections): at most this many characters. */
  reasonMax: 500,
  supportMessageMax: 2000,
  dashboardPreview: 3,
  listPlaceholders: 3,
  contestPlaceholders: 6,
  /**
   * The signed-in home's first screen and each "Show more" (two rows of three on a desktop): the
   * page's HTML stays small however many contests are on sale (docs/performance.md "Page weight").
   */
  homeContestsPage: 6,
  /** The winners gallery's page (`/winners`, then "Older winners"): the same budget. */
  winnersPage: 12,
  /** The snapshots `/proof-of-liabilities` lists (the latest and its history). */
  proofPageSnapshots: 30,
} as const;

/** What the admin audit log records (src/server/services/kernel/audit.ts); the Audit tab filters by these. */
export const AUDIT_ACTIONS = [
  "payment.approve",
  "payment.override",
  "payment.reject",
  "withdrawal.approve",
  "withdrawal.reject",
  // Four eyes (docs/admin.md "Four eyes"): the first of two approvals, and a proposal withdrawn.
  "withdrawal.propose",
  "proposal.cancel",
  "role.propose",
  "payment.propose",
  "review.propose",
  "terms.propose",
  // Sent by the payout rules without an admin (actor "system"; docs/payments.md "Instant payouts").
  "withdrawal.auto_approve",
  "prize.status",
  "contest.create",
  "contest.update",
  "contest.status",
  "contest.announce",
  "user.role",
  "two_factor.enable",
  "two_factor.disable",
  "wheel.economics",
  "contest.free_entry",
  "outbox.read",
  "review.credit",
  "review.take_back",
  "review.settle_payout",
  "review.dismiss",
  "winner_post.create",
  "winner_post.update",
  "winner_post.delete",
  "export.read",
  "contest.instant_prizes",
  // A map committed under the guessable scheme 1 re-drawn (src/server/services/checkout/instant-redraw.ts).
  "contest.instant_redraw",
  "promo.create",
  "promo.status",
  "contest.bundle_tiers",
  // Prize-delivery tracker and complaints (docs/fair-play.md): the winner's and player's steps are
  // audited too, so one log tells the whole story of a prize or a complaint.
  "prize.confirm",
  "prize.dispute",
  "complaint.file",
  "complaint.note",
  "complaint.reply",
  "complaint.answer",
  // Site credit given as goodwill (docs/payments.md "Cash and credit").
  "credit.grant",
  // An identity check decided by an admin or by the provider (docs/payments.md "Identity").
  "identity.decide",
  // Signed receipts (docs/fair-play.md): a new signing key; the old one stays published.
  "receipt_key.rotate",
  // Proof of liabilities (docs/fair-play.md): a snapshot taken on demand.
  "liabilities.snapshot",
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  "payment.approve": "Payment approved",
  "payment.override": "Payment approved by override",
  "payment.reject": "Payment rejected",
  "withdrawal.approve": "Withdrawal approved",
  "withdrawal.reject": "Withdrawal rejected",
  "withdrawal.propose": "Withdrawal approval proposed (waiting for a second approver)",
  "proposal.cancel": "Proposal withdrawn",
  "role.propose": "Staff role change proposed (waiting for a second owner)",
  "payment.propose": "Top-up override proposed (waiting for a second approver)",
  "review.propose": "Review credit or take-back proposed (waiting for a second approver)",
  "terms.propose": "Wheel, instant prizes or promo code proposed (waiting for a second approver)",
  "withdrawal.auto_approve": "Withdrawal paid by the rules",
  "prize.status": "Prize status changed",
  "contest.create": "Contest created",
  "contest.update": "Contest edited",
  "contest.status": "Contest status changed",
  "contest.announce": "Contest announced to players who opted in to offers",
  "user.role": "Staff role changed",
  "two_factor.enable": "Two-factor turned on",
  "two_factor.disable": "Two-factor turned off",
  "wheel.economics": "Wheel economics changed",
  "contest.free_entry": "Free entry recorded",
  "outbox.read": "Outbox read",
  "review.credit": "Late payment credited",
  "review.take_back": "Refunded credit taken back",
  "review.settle_payout": "Unknown payout settled",
  "review.dismiss": "Review entry dismissed",
  "export.read": "CSV export downloaded",
  "winner_post.create": "Winner post created",
  "winner_post.update": "Winner post edited",
  "winner_post.delete": "Winner post deleted",
  "contest.instant_prizes": "Instant prizes set",
  "contest.instant_redraw": "Instant prizes re-drawn",
  "promo.create": "Promo code created",
  "promo.status": "Promo code disabled or enabled",
  "contest.bundle_tiers": "Bundle prices changed",
  "prize.confirm": "Prize receipt confirmed",
  "prize.dispute": "Prize delivery disputed",
  "complaint.file": "Complaint filed and acknowledged",
  "complaint.note": "Complaint note from the player",
  "complaint.reply": "Complaint reply",
  "complaint.answer": "Complaint final answer",
  "credit.grant": "Site credit given",
  "identity.decide": "Identity check decided",
  "receipt_key.rotate": "Receipt signing key rotated",
  "liabilities.snapshot": "Proof-of-liabilities snapshot taken",
};

/** Milliseconds, docs/product.md §9. */
export const DELAYS = {
  afterLogin: 500,
  afterSignup: 1500,
  afterReset: 2000,
  nonAdminRedirect: 1500,
  unauthorizedRedirect: 500,
  paymentFollowUpToast: 2000,
  wheelResultToast: 200,
  supportChatPoll: 5000,
  adminConversationsPoll: 5000,
  adminMessagesPoll: 2000,
  toastAutoClose: 5000,
  /**
   * Our choice: the contests stream ticks a change at once after a quiet spell, then at most this
   * often (every open page refetches on a tick; a sale anywhere changes the figures).
   */
  contestsTickSpacing: 2000,
} as const;

export const SESSION_COOKIE = "session";
export const CURRENCY = "USD";

/** Payment gateway statuses (OxaPay v1, lower-cased), ordered by progress: a webhook never moves a payment back. */
export const GATEWAY_STATUS_RANK: Record<string, number> = {
  new: 0,
  waiting: 1,
  paying: 2,
  confirming: 2,
  underpaid: 3,
  paid: 4,
  manual_accept: 4,
  expired: 4,
  failed: 4,
  refunding: 5,
  refunded: 6,
};
