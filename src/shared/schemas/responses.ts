/**
 * What the REST rows answer (src/server/rest/routes/*: each row's `doc.output`), and the one source
 * of the services' answer types: a service's `PublicContest`, `PublicUser`, … is `z.output` of the
 * schema here, so the type and the schema cannot drift. The OpenAPI document turns these into its
 * response schemas (src/server/rest/openapi.ts), clients generated from it get typed answers, and
 * every answer the integration tests receive through the REST helper is validated against that
 * document (tests/helpers/fixtures.ts). Money is a decimal string; a time is a Date, an ISO 8601
 * string in JSON (./response-primitives.ts).
 */
import { STAFF_ROLES } from "../staff";
import { z } from "zod";
import { CONTEST_CATEGORIES, CRYPTO_CURRENCIES } from "../constants";
import { WITHDRAWAL_NETWORKS } from "../networks";
import { ENTRY_STATUS_KINDS } from "../purchase-rules";
import { WHEEL_OUTCOMES } from "../wheel";
import { instantWinOutput } from "./instant-wins-responses";
export {
  identityCheckOutput,
  identityStatusOutput,
  identityStatusWithMessageOutput,
  pendingIdentityCheckOutput,
} from "./identity-responses";
import { id, message, money, nameAnswers, time, timeText } from "./response-primitives";

export {
  abuseSignalOutput,
  analyticsOutput,
  auditEntryOutput,
  auditPageOutput,
  riskMarkersOutput,
  staffAccessOutput,
  staffProposalOutput,
  statsOutput,
} from "./admin-responses";
export { adminInstantPrizesOutput, instantWinOutput, instantWinsRecordOutput } from "./instant-wins-responses";
export {
  adminPrizeOutput,
  adminWithdrawalOutput,
  prizeOutput,
  reviewDecisionOutput,
  reviewRowOutput,
  reviewSettlePayoutOutput,
  reviewTakeBackOutput,
  withdrawalCreatedOutput,
  withdrawalQuoteOutput,
  withdrawalOutput,
  withdrawalWithMessageOutput,
} from "./withdrawal-responses";

export {
  adminComplaintOutput,
  complaintOutput,
  complaintPolicyOutput,
  disputeOutput,
  overdueFulfilmentsOutput,
  publicPrizeTrailOutput,
  trailStepOutput,
} from "./tracker-responses";

/** docs/product.md §3 User, as GET /api/auth/user answers it. */
export const userOutput = z.object({
  id,
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  displayName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  /** What the player can spend: cashBalance + creditBalance. */
  balance: money,
  /** Withdrawable money: top-ups, cash prizes, cash alternatives, refunds of cash. */
  cashBalance: money,
  /** Spend-only site credit (instant-win credit, wheel prizes, goodwill), spent before cash. */
  creditBalance: money,
  createdAt: time,
  /** True for every staff role (docs/admin.md "Roles"). */
  isAdmin: z.boolean(),
  /** The staff role, or null for a player. */
  staffRole: z.enum(STAFF_ROLES).nullable(),
});
export const messageOutput = z.object({ message });
export const messageWithUserOutput = z.object({ message, user: userOutput });
/** Signed in, or (a two-factor account) half signed in: the code goes to POST /api/auth/2fa/verify. */
export const loginOutput = z.union([messageWithUserOutput, z.object({ message, twoFactorRequired: z.literal(true) })]);

/** docs/product.md §3 Contest (money as decimal strings) plus the provably-fair draw fields. */
export const contestOutput = z.object({
  id,
  title: z.string(),
  description: z.string(),
  detailedDescription: z.string().nullable(),
  imageUrl: z.string().nullable(),
  previewImages: z.array(z.string()),
  category: z.enum(CONTEST_CATEGORIES),
  status: z.enum(["active", "ended", "cancelled"]),
  ticketPrice: money,
  originalPrice: money.nullable(),
  discountPercentage: z.number().nullable(),
  cashAlternative: money.nullable(),
  features: z.array(z.string()),
  specifications: z.record(z.string(), z.string()),
  soldTickets: z.number().int(),
  maxTickets: z.number().int().nullable(),
  maxTicketsPerUser: z.number().int().nullable(),
  endDate: time.nullable(),
  createdAt: time,
  /** SHA-256 of the secret draw seed, published from the start. */
  drawSeedHash: z.string(),
  /** Revealed only after the draw, so anyone can recompute the winning ticket. */
  drawSeed: z.string().nullable(),
  winningTicket: z.number().int().nullable(),
  drawnAt: time.nullable(),
  /** Optional skill question: text and options only, never the answer. */
  skillQuestion: z.object({ text: z.string(), options: z.array(z.string()) }).nullable(),
  /** Sales closed (end date, sold out or End) but the winner is not drawn yet: "awaiting results". */
  awaitingResults: z.boolean(),
  /** An admin ended the contest before its end date / sell-out. */
  endedEarlyAt: time.nullable(),
  /** Players pick their numbers or take a lucky dip (docs/contests.md). */
  pickNumbers: z.boolean(),
  /** The online free entry route is open (docs/fair-play.md). */
  onlineFreeEntry: z.boolean(),
  /** Multi-buy prices: a line of at least `quantity` tickets pays `percentOff`% less. */
  bundleTiers: z.array(z.object({ quantity: z.number().int(), percentOff: z.number().int() })),
  /** The contest has instant prizes (a committed prize map): cards say so. */
  instantWins: z.boolean(),
});
export const adminContestOutput = contestOutput.extend({
  /** The winner's user id: admins only (a public contest never carries it). */
  winnerId: z.string().nullable(),
  skillQuestionAnswer: z.number().int().nullable(),
  /** Closed but not drawn yet: why, in words; and the last failed attempt's message. */
  drawPending: z.string().nullable(),
  drawError: z.string().nullable(),
});

export const drawRecordEntryOutput = z.object({
  id,
  firstTicket: z.number().int(),
  lastTicket: z.number().int(),
  name: z.string().nullable().describe("The holder's masked name (first name and initial) once sales closed; null while on sale"),
});

/** A contest's public draw record (src/server/services/draws/record.ts). */
export const drawRecordOutput = z.object({
  contestId: id,
  title: z.string(),
  status: z.enum(["active", "ended", "cancelled"]),
  /** "legacy" = drawn before draw methods existed (seed and soldTickets only); null = not closed yet. */
  method: z.enum(["entries", "beacon", "legacy"]).nullable(),
  seedHash: z.string(),
  /** Revealed after the draw. */
  seed: z.string().nullable(),
  entriesHash: z.string().nullable(),
  /** How entriesHash was made: 1 = SHA-256 of the list's text, 2 = Merkle root of its lines (src/shared/merkle.ts). */
  scheme: z.number().int(),
  beacon: z
    .object({
      chainHash: z.string(),
      round: z.number().int(),
      randomness: z.string().nullable(),
      signature: z.string().nullable(),
    })
    .nullable(),
  soldTickets: z.number().int(),
  winningTicket: z.number().int().nullable(),
  salesClosedAt: time.nullable(),
  /** Set when an admin pressed End before the end date or sell-out. */
  endedEarlyAt: time.nullable(),
  drawnAt: time.nullable(),
  /** Sales closed, winner not drawn yet (waiting for the beacon round, or a failed draw being retried). */
  awaitingResults: z.boolean(),
  /** Why it is awaiting results, in words (services/draws/draw.ts pendingDrawReason); null when not awaiting. */
  pendingReason: z.string().nullable(),
  /** The entry holding the winning ticket (null until drawn, or when none was sold). */
  winningEntry: drawRecordEntryOutput.nullable(),
  /** One page of the entry list by first ticket (DRAW_ENTRIES_PAGE; the whole list for most contests). */
  entries: z.array(drawRecordEntryOutput),
  /** Pass as `cursor` for the next page; null on the last page. */
  entriesNextCursor: z.number().int().nullable(),
  /** The whole entry list as the text entriesHash is the SHA-256 of (streamed; what verify:draw reads). */
  entriesFile: z.string(),
  /** Free entries in this contest's list (postal and online) and the file naming them; docs/fair-play.md "Free entries in the verifier". */
  freeEntries: z.object({
    /** Entries recorded by an admin from a postal entry, and entries taken with "Enter for free". */
    postal: z.number().int(),
    online: z.number().int(),
    /** Tickets those entries hold. */
    tickets: z.number().int(),
    /** The free tickets' share of the tickets sold, as a percentage with two decimals ("2.50"); null when none sold. */
    sharePercent: z.string().nullable(),
    /** What holds for each of them, in words (the same draw as a paid ticket). */
    parity: z.string(),
    /** `first-last:entryId:postal|online` lines by first ticket, published with the entry list (after sales close). */
    file: z.string(),
  }),
});

/** An inclusion proof of one entry in a scheme-2 entry list (src/shared/merkle.ts InclusionProof). */
export const drawProofOutput = z.object({
  contestId: id,
  entryId: id,
  scheme: z.number().int(),
  leaf: z.string(),
  index: z.number().int(),
  leafCount: z.number().int(),
  siblings: z.array(z.string()),
  root: z.string(),
});

export const liveDrawCardOutput = z.object({
  id,
  title: z.string(),
  imageUrl: z.string().nullable(),
  endDate: time.nullable(),
  soldTickets: z.number().int(),
  maxTickets: z.number().int().nullable(),
  salesClosedAt: time.nullable(),
  drawnAt: time.nullable(),
});
export const liveDrawsOutput = z.object({ upcoming: z.array(liveDrawCardOutput), recent: z.array(liveDrawCardOutput) });

export const winnerPostOutput = z.object({
  id,
  title: z.string(),
  description: z.string(),
  winnerName: z.string(),
  /** The winner's user id for admins; null in the public gallery (public records name people by masked name only). */
  winnerId: z.string().nullable(),
  contestId: z.string(),
  contestTitle: z.string(),
  imageUrl: z.string().nullable(),
  winAmount: z.string().nullable(),
  winDate: time,
  isPublished: z.boolean(),
  socialMediaLinks: z.array(z.string()),
  createdAt: time,
  /**
   * The post's contest has a drawn prize, so /prize-trail/<contestId> shows its delivery trail. A post
   * typed with a contest id of no contest here (older posts, demo data) links no trail.
   */
  hasTrail: z.boolean(),
});

/** An entry's receipt signed by the operator (src/shared/receipts.ts SignedReceipt; docs/fair-play.md "Signed receipts"). */
export const signedReceiptOutput = z.object({
  version: z.literal(1),
  contestId: id,
  entryId: id,
  tickets: z.string().describe("first-last"),
  amount: z.string().describe("exact, three decimals"),
  issuedAt: timeText,
  keyId: z.string().describe("the published key that signed it (GET /api/receipts/keys)"),
  signature: z.string().describe("Ed25519, hex"),
});

/** One line of a checkout: the entry and its consecutive ticket numbers. */
export const entryReceipt = z.object({
  entryId: id,
  contestId: id,
  contestTitle: z.string(),
  ticketCount: z.number().int(),
  firstTicket: z.number().int(),
  lastTicket: z.number().int(),
  ticketPrice: money,
  totalAmount: money,
});
/** A purchased line: the entry and its signed receipt. */
const purchasedEntry = entryReceipt.extend({ receipt: signedReceiptOutput });
/** A checkout's price: list price, multi-buy and promo savings, what was paid (src/server/services/checkout/pricing.ts). */
export const priceBreakdownOutput = z.object({
  subtotal: money,
  bundleSaving: money,
  promoSaving: money,
  promoCode: z.string().nullable(),
  total: money,
});
export const promoQuoteOutput = priceBreakdownOutput.extend({ message });
export const checkoutOutput = z.object({
  message,
  entries: z.array(purchasedEntry),
  totalAmount: money,
  /** The buyer's balance after the purchase (and any instant cash/credit won). */
  balance: money,
  /** Instant prizes the new tickets won (services/checkout/instant-wins.ts); empty when none. */
  instantWins: z.array(instantWinOutput),
  /** List price, bundle and promo savings (src/server/services/checkout/pricing.ts). */
  pricing: priceBreakdownOutput,
});
export const purchaseOutput = z.object({
  entryId: id,
  contestId: id,
  contestTitle: z.string(),
  contestImage: z.string().nullable(),
  ticketCount: z.number().int(),
  totalAmount: money,
  /** The part of totalAmount paid with site credit (spent before cash); the rest was cash. */
  paidWithCredit: money,
  entryDate: time,
  /** "ended" once the contest is not active any more (ended or cancelled). */
  contestStatus: z.enum(["active", "ended"]),
  contestEndDate: time.nullable(),
  /** The winner's user id once the contest has ended (docs/product.md); `status` is this entry's own outcome. */
  result: z.string().nullable(),
  /** This entry's status, from its stored result (src/shared/purchase-rules.ts `entryStatusKind`). */
  status: z.enum(ENTRY_STATUS_KINDS),
  firstTicket: z.number().int(),
  lastTicket: z.number().int(),
  winningTicket: z.number().int().nullable(),
  /** A free entry (docs/fair-play.md): same odds, $0.00; by post (recorded by an admin) or online. */
  freeEntry: z.boolean(),
  /** The free entry came through "Enter for free" on the contest page (else by post). */
  onlineFreeEntry: z.boolean(),
  /** Instant prizes this entry's tickets won at checkout (their own names), so the entry never reads "not a winner". */
  instantWins: z.array(z.object({ label: z.string(), ticket: z.number().int(), kind: z.string() })),
  /** Before savings, and the savings (bundle, promo code); null when the line saved nothing (and for free entries). */
  pricing: z.object({ listAmount: money, bundleSaving: money, promoSaving: money, promoCode: z.string().nullable() }).nullable(),
  /** The entry's signed receipt; null for free entries and entries bought before receipts were signed. */
  receipt: signedReceiptOutput.nullable(),
});

/** GET /api/receipts/keys: every key the operator signed receipts with (src/shared/receipts.ts PublishedReceiptKey). */
export const receiptKeysOutput = z.object({
  algorithm: z.literal("Ed25519"),
  current: z.string(),
  keys: z.array(z.object({ id: z.string(), publicKey: z.string(), activatedAt: timeText, retiredAt: timeText.nullable() })),
});
export const rotateReceiptKeyOutput = z.object({ message, previous: z.string().nullable(), current: z.string() });

export const adminPromoCodeOutput = z.object({
  id,
  code: z.string(),
  kind: z.enum(["percent", "fixed"]),
  percentOff: z.number().int().nullable(),
  amountOff: money.nullable(),
  minSpend: money.nullable(),
  maxUses: z.number().int().nullable(),
  maxUsesPerPlayer: z.number().int().nullable(),
  usedCount: z.number().int(),
  totalDiscount: money,
  startsAt: time.nullable(),
  endsAt: time.nullable(),
  firstPurchaseOnly: z.boolean(),
  contestId: z.string().nullable(),
  contestTitle: z.string().nullable(),
  disabled: z.boolean(),
  createdAt: time,
});
export const promoCodeWithMessageOutput = z.object({ message, promoCode: adminPromoCodeOutput });
/** A new code, or null while it waits for a second approver (four eyes: message says so). */
export const promoCodeCreatedOutput = z.object({ message, promoCode: adminPromoCodeOutput.nullable() });

const periods = <T extends z.ZodType>(v: T) => z.object({ daily: v, weekly: v, monthly: v });
export const limitsOutput = z.object({
  limits: periods(money.nullable()),
  /** Raised or removed limits waiting out their 24 hours (only the periods that changed), and when they apply. */
  pending: periods(money.nullable()).partial().nullable(),
  pendingFrom: time.nullable(),
  spent: periods(money),
  /** While excluded: when it ends (asked for), the end of the chosen period, or null with `selfExcluded` (until asked). */
  selfExcludedUntil: time.nullable(),
  selfExcluded: z.boolean(),
  /** The player asked to end the exclusion; it ends then (the cooling-off). */
  selfExclusionEndRequested: z.boolean(),
  /** The spend-limit prompt's answer; null: the screens ask before the next purchase. */
  limitChoice: z.enum(["set", "declined"]).nullable(),
  /** A date of birth (18+) is on file. */
  ageDeclared: z.boolean(),
  /** REQUIRE_AGE_DECLARATION: spending waits for the declaration. */
  ageDeclarationRequired: z.boolean(),
});
export const limitsWithMessageOutput = limitsOutput.extend({ message });

export const createPaymentOutput = z.object({
  success: z.literal(true),
  message,
  instructions: z.object({ en: z.string() }),
  payLink: z.string(),
  qrCode: z.string().nullable(),
  address: z.string().nullable(),
  trackId: z.string(),
  payAmount: z.string().nullable(),
  /** The currency of payAmount (the chosen crypto). The USD amount is `amount`. */
  currency: z.string(),
  /** The chain to send on (TRC20, ERC20, BEP20, BTC). */
  network: z.enum(WITHDRAWAL_NETWORKS),
  /** When the invoice stops accepting money (the pay page counts down to it). */
  expiresAt: time.nullable(),
  amount: money,
  paymentId: id,
});
export const pendingPaymentOutput = z.object({
  id,
  amount: money,
  currency: z.string(),
  cryptoCurrency: z.enum(CRYPTO_CURRENCIES),
  createdAt: time,
  oxapayTrackId: z.string().nullable(),
  oxapayPayAmount: z.string().nullable(),
  gatewayStatus: z.string(),
  network: z.string().nullable(),
  expiresAt: time.nullable(),
  receivedAmount: money.nullable(),
  approval: z.object({ credit: money.nullable(), needsOverride: z.boolean() }).passthrough(),
  provider: z.string(),
  userId: id,
  userEmail: z.string(),
});
export const paymentOutput = z.object({
  id,
  amount: money,
  currency: z.string(),
  cryptoCurrency: z.enum(CRYPTO_CURRENCIES),
  provider: z.string(),
  trackId: z.string().nullable(),
  payAmount: z.string().nullable(),
  payLink: z.string().nullable(),
  address: z.string().nullable(),
  gatewayStatus: z.string(),
  network: z.string().nullable(),
  status: z.enum(["pending", "approved", "rejected", "expired"]),
  receivedAmount: money.nullable(),
  creditedAmount: money.nullable(),
  overrideReason: z.string().nullable(),
  rejectionReason: z.string().nullable(),
  processedAt: time.nullable(),
  expiresAt: time.nullable(),
  createdAt: time,
});
export const paymentWithMessageOutput = z.object({ message, payment: paymentOutput });

export const wheelState = z.object({
  balance: money,
  /** True when the next spin costs nothing: the daily free spin, or a TRY AGAIN re-spin. */
  canSpinFree: z.boolean(),
  /** When the daily free spin is available again; null when it is available now. */
  nextFreeSpinAt: time.nullable(),
  /** A TRY AGAIN re-spin owed to the player, and its kind. */
  pendingRespin: z.enum(["free", "paid"]).nullable(),
  /** Free spins available now (daily + re-spin), for the count card. */
  freeSpinsAvailable: z.number().int(),
  spinPrice: money,
});
export const wheelStatusOutput = wheelState.extend({ paidSpinsEnabled: z.boolean() });
export const wheelSpinOutput = wheelState.extend({
  spinId: id,
  /** The kind of this spin (a re-spin keeps the kind of the spin that granted it). */
  isPaid: z.boolean(),
  isRespin: z.boolean(),
  segmentIndex: z.number().int(),
  segmentLabel: z.string(),
  segment: z.object({ label: z.string(), value: z.number() }),
  outcome: z.enum(WHEEL_OUTCOMES),
  prize: money,
  cost: money,
  message,
  nonce: z.number().int(),
  clientSeed: z.string(),
  serverSeedHash: z.string(),
});
export const wheelBalanceOutput = z.object({ balance: money, message });

export const notificationOutput = z.object({
  id,
  type: z.enum(["contest_result", "success", "warning", "error", "other"]),
  title: z.string(),
  message,
  isRead: z.boolean(),
  createdAt: time,
});
export const countWithMessageOutput = z.object({ message, count: z.number().int() });

export const supportMessageOutput = z.object({ id, message, isFromAdmin: z.boolean(), createdAt: time });
export const conversationOutput = z.object({
  id,
  userId: id,
  userName: z.string(),
  userEmail: z.string(),
  unreadCount: z.number().int(),
  lastMessageAt: time,
});

export const emailPreferencesOutput = z.object({ receipts: z.boolean(), results: z.boolean() });

export const twoFactorStatusOutput = z.object({
  enabled: z.boolean(),
  required: z.boolean(),
  /** This session passed the code check: with `required`, privileged admin actions need it. */
  sessionVerified: z.boolean(),
});
export const twoFactorSetupOutput = z.object({ secret: z.string(), uri: z.string(), qrCode: z.string() });
export const forgotPasswordOutput = z.object({ email: z.string(), maskedEmail: z.string(), securityQuestion: z.string() });
export const verifySecurityOutput = z.object({ message, verified: z.boolean() });
export const selfExclusionOutput = z.object({ message, selfExcludedUntil: time });
export const selfExclusionEndOutput = z.object({ message, selfExclusionEndsAt: time });
export const notificationWithMessageOutput = z.object({ message, notification: notificationOutput });
export const contestWithMessageOutput = z.object({ message, contest: contestOutput });
/** A free entry (postal or online) and the instant prizes its tickets won, as a purchase answers them. */
export const freeEntryOutput = z.object({ message, entry: entryReceipt, instantWins: z.array(instantWinOutput) });
/** Pick your numbers (src/shared/ticket-picking.ts): a grid page, and numbers held for a cart. */
const ints = z.array(z.number().int());
export const numbersPageOutput = z.object({
  page: z.number().int(),
  pages: z.number().int(),
  pageSize: z.number().int(),
  first: z.number().int(),
  last: z.number().int(),
  taken: ints,
  held: ints,
});
export const heldNumbersOutput = z.object({ message, contestId: id, ticketNumbers: ints, expiresAt: time });
export const winnerPostWithMessageOutput = z.object({ message, post: winnerPostOutput });
export const emailPreferencesWithMessageOutput = z.object({ message, preferences: emailPreferencesOutput });
/** Offers and news per channel, and since when the player agreed (docs/email.md "Offers and news"). */
export const marketingConsentOutput = z.object({
  email: z.boolean(),
  push: z.boolean(),
  emailSince: time.nullable(),
  pushSince: time.nullable(),
});
export const marketingConsentWithMessageOutput = z.object({ message, consent: marketingConsentOutput });
/** The unsubscribe page: the address (masked) and whether offers still go to it. */
export const unsubscribeStatusOutput = z.object({ email: z.string(), subscribed: z.boolean() });

/** Two-factor turned on: the ten single-use backup codes, shown this once (stored hashed). */
export const twoFactorEnableOutput = z.object({ message, backupCodes: z.array(z.string()).length(10) });

// ---- Proof of liabilities (docs/fair-play.md "Proof of liabilities") ----
const liabilityAmountsOutput = z.object({ cash: money, credit: money, prizes: money, payouts: money });
const sumNodeOutput = z.object({ hash: z.string(), sums: z.array(z.string().describe("integer, thousandths of a dollar")) });

/** One published snapshot (src/server/services/proofs/reads.ts SnapshotSummary). */
export const snapshotSummaryOutput = z.object({
  id,
  trigger: z.string(),
  takenAt: time,
  leafCount: z.number().int(),
  rootHash: z.string(),
  unit: z.string(),
  fields: z.array(z.string()),
  totals: liabilityAmountsOutput,
  total: money,
  ledger: z.object({ sum: money, rows: z.string(), position: z.string() }),
  prizesOpen: z.number().int(),
  prizesUnvalued: z.number().int(),
  proofsUntil: time,
  proofsAvailable: z.boolean(),
  solvency: z.object({
    assets: money.nullable().describe("USD the payout wallet held, as the gateway reported it; null when unknown"),
    source: z.string().nullable(),
    at: time.nullable(),
    detail: z.array(z.object({ coin: z.string(), amount: z.string(), usd: money })),
    problem: z.string().nullable(),
    percent: z.string().nullable().describe("assets as a percentage of the total owed"),
    status: z.enum(["ok", "warning", "unknown"]),
  }),
});
export const liabilitiesOutput = z.object({
  latest: snapshotSummaryOutput.nullable(),
  history: z.array(snapshotSummaryOutput),
  nextCursor: z.string().nullable(),
});
/** The file a player downloads (src/shared/liabilities.ts LiabilityProofFile). */
export const liabilityProofOutput = z.object({
  kind: z.literal("prize-contests/liabilities-proof"),
  version: z.literal(1),
  snapshotId: id,
  takenAt: time,
  unit: z.string(),
  fields: z.array(z.string()),
  amounts: liabilityAmountsOutput,
  proof: z.object({
    salt: z.string(),
    account: z.string(),
    amounts: z.array(z.string()),
    index: z.number().int(),
    leafCount: z.number().int(),
    siblings: z.array(sumNodeOutput),
    root: sumNodeOutput,
  }),
});
export const takeSnapshotOutput = z.object({ message, snapshot: snapshotSummaryOutput });

nameAnswers({
  User: userOutput,
  Contest: contestOutput,
  AdminContest: adminContestOutput,
  DrawRecord: drawRecordOutput,
  DrawRecordEntry: drawRecordEntryOutput,
  DrawProof: drawProofOutput,
  LiveDraws: liveDrawsOutput,
  LiveDrawCard: liveDrawCardOutput,
  WinnerPost: winnerPostOutput,
  EntryReceipt: entryReceipt,
  PriceBreakdown: priceBreakdownOutput,
  PromoQuote: promoQuoteOutput,
  Checkout: checkoutOutput,
  Purchase: purchaseOutput,
  PromoCode: adminPromoCodeOutput,
  Limits: limitsOutput,
  PaymentInvoice: createPaymentOutput,
  PendingPayment: pendingPaymentOutput,
  Payment: paymentOutput,
  WheelStatus: wheelStatusOutput,
  WheelSpin: wheelSpinOutput,
  Notification: notificationOutput,
  SupportMessage: supportMessageOutput,
  Conversation: conversationOutput,
  EmailPreferences: emailPreferencesOutput,
  MarketingConsent: marketingConsentOutput,
  TwoFactorStatus: twoFactorStatusOutput,
  TwoFactorSetup: twoFactorSetupOutput,
  NumbersPage: numbersPageOutput,
  HeldNumbers: heldNumbersOutput,
  SignedReceipt: signedReceiptOutput,
  LiabilitySnapshot: snapshotSummaryOutput,
  LiabilityProof: liabilityProofOutput,
});
