/**
 * What the REST rows answer, as JSON (src/server/rest/routes/*: each row's `doc.output`). The OpenAPI
 * document turns these into its response schemas (src/server/rest/openapi.ts), clients generated
 * from it get typed answers, and every answer the integration tests receive through the REST helper
 * is validated against that document (tests/helpers/fixtures.ts). Money is a decimal string, times
 * are ISO 8601 strings (what superjson's Date becomes in JSON).
 */
import { z } from "zod";
import { CONTEST_CATEGORIES, CRYPTO_CURRENCIES } from "../constants";
import { instantWinOutput } from "./instant-wins-responses";
import { id, message, money, nameAnswers, time } from "./response-primitives";

export { analyticsOutput, auditEntryOutput, auditPageOutput, riskMarkersOutput, statsOutput } from "./admin-responses";
export { adminInstantPrizesOutput, instantWinsRecordOutput } from "./instant-wins-responses";
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

export const userOutput = z.object({
  id,
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  displayName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  /** What the player can spend: cashBalance + creditBalance. */
  balance: money,
  /** Withdrawable money: top-ups, cash prizes, cash alternatives, refunds of cash. */
  cashBalance: money,
  /** Spend-only site credit (instant-win credit, wheel prizes, goodwill), spent before cash. */
  creditBalance: money,
  createdAt: time,
  isAdmin: z.boolean(),
});
export const messageOutput = z.object({ message });
export const messageWithUserOutput = z.object({ message, user: userOutput });
/** Signed in, or (a two-factor account) half signed in: the code goes to POST /api/auth/2fa/verify. */
export const loginOutput = z.union([messageWithUserOutput, z.object({ message, twoFactorRequired: z.literal(true) })]);

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
  drawSeedHash: z.string(),
  drawSeed: z.string().nullable(),
  winningTicket: z.number().int().nullable(),
  drawnAt: time.nullable(),
  skillQuestion: z.object({ text: z.string(), options: z.array(z.string()) }).nullable(),
  awaitingResults: z.boolean(),
  endedEarlyAt: time.nullable(),
  pickNumbers: z.boolean(),
  onlineFreeEntry: z.boolean(),
  bundleTiers: z.array(z.object({ quantity: z.number().int(), percentOff: z.number().int() })),
  /** Instant prizes can be won with this contest's tickets. */
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

const drawRecordEntryOutput = z.object({
  id,
  firstTicket: z.number().int(),
  lastTicket: z.number().int(),
  name: z.string().nullable().describe("The holder's masked name (first name and initial) once sales closed; null while on sale"),
});

export const drawRecordOutput = z.object({
  contestId: id,
  title: z.string(),
  status: z.string(),
  method: z.enum(["entries", "beacon", "legacy"]).nullable(),
  seedHash: z.string(),
  seed: z.string().nullable(),
  entriesHash: z.string().nullable(),
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
  endedEarlyAt: time.nullable(),
  drawnAt: time.nullable(),
  awaitingResults: z.boolean(),
  pendingReason: z.string().nullable(),
  winningEntry: drawRecordEntryOutput.nullable(),
  entries: z.array(drawRecordEntryOutput),
  entriesNextCursor: z.number().int().nullable(),
  entriesFile: z.string(),
  freeEntries: z.object({
    postal: z.number().int(),
    online: z.number().int(),
    tickets: z.number().int(),
    sharePercent: z.string().nullable(),
    parity: z.string(),
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

const liveDrawCardOutput = z.object({
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
  winnerId: z.string().nullable(),
  contestId: z.string().nullable(),
  contestTitle: z.string().nullable(),
  imageUrl: z.string().nullable(),
  winAmount: z.string().nullable(),
  winDate: time,
  isPublished: z.boolean(),
  socialMediaLinks: z.array(z.string()),
  createdAt: time,
  /** The contest has a drawn prize: /prize-trail/{contestId} shows its delivery trail. */
  hasTrail: z.boolean(),
});

/** An entry's receipt signed by the operator (src/shared/receipts.ts SignedReceipt; docs/fair-play.md "Signed receipts"). */
export const signedReceiptOutput = z.object({
  version: z.literal(1),
  contestId: id,
  entryId: id,
  tickets: z.string().describe("first-last"),
  amount: z.string().describe("exact, three decimals"),
  issuedAt: time,
  keyId: z.string().describe("the published key that signed it (GET /api/receipts/keys)"),
  signature: z.string().describe("Ed25519, hex"),
});

const entryReceipt = z.object({
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
  balance: money,
  instantWins: z.array(instantWinOutput),
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
  contestStatus: z.string(),
  contestEndDate: time.nullable(),
  /** The winner's user id once the contest has ended (docs/product.md); `status` is this entry's own outcome. */
  result: z.string().nullable(),
  status: z.string(),
  firstTicket: z.number().int(),
  lastTicket: z.number().int(),
  winningTicket: z.number().int().nullable(),
  freeEntry: z.boolean(),
  /** The free entry came through "Enter for free" on the contest page (else by post). */
  onlineFreeEntry: z.boolean(),
  /** Instant prizes this entry's tickets won at checkout. */
  instantWins: z.array(z.object({ label: z.string(), ticket: z.number().int(), kind: z.string() })),
  pricing: z.object({ listAmount: money, bundleSaving: money, promoSaving: money, promoCode: z.string().nullable() }).nullable(),
  /** The entry's signed receipt; null for free entries and entries bought before receipts were signed. */
  receipt: signedReceiptOutput.nullable(),
});

/** GET /api/receipts/keys: every key the operator signed receipts with (src/shared/receipts.ts PublishedReceiptKey). */
export const receiptKeysOutput = z.object({
  algorithm: z.literal("Ed25519"),
  current: z.string(),
  keys: z.array(z.object({ id: z.string(), publicKey: z.string(), activatedAt: time, retiredAt: time.nullable() })),
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

const periods = <T extends z.ZodType>(v: T) => z.object({ daily: v, weekly: v, monthly: v });
export const limitsOutput = z.object({
  limits: periods(money.nullable()),
  /** Raised limits waiting out their 24 hours: only the periods that changed. */
  pending: periods(money.nullable()).partial().nullable(),
  pendingFrom: time.nullable(),
  spent: periods(money),
  selfExcludedUntil: time.nullable(),
  selfExcluded: z.boolean(),
  selfExclusionEndRequested: z.boolean(),
  limitChoice: z.enum(["set", "declined"]).nullable(),
  ageDeclared: z.boolean(),
  ageDeclarationRequired: z.boolean(),
});
export const limitsWithMessageOutput = limitsOutput.extend({ message });

export const createPaymentOutput = z.object({
  success: z.boolean(),
  message,
  instructions: z.record(z.string(), z.string()),
  payLink: z.string(),
  qrCode: z.string().nullable(),
  address: z.string().nullable(),
  trackId: z.string(),
  payAmount: z.string().nullable(),
  currency: z.string(),
  network: z.string().nullable(),
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

const wheelState = z.object({
  balance: money,
  canSpinFree: z.boolean(),
  nextFreeSpinAt: time.nullable(),
  pendingRespin: z.enum(["free", "paid"]).nullable(),
  freeSpinsAvailable: z.number().int(),
  spinPrice: money,
});
export const wheelStatusOutput = wheelState.extend({ paidSpinsEnabled: z.boolean() });
export const wheelSpinOutput = wheelState.extend({
  spinId: id,
  isPaid: z.boolean(),
  isRespin: z.boolean(),
  segmentIndex: z.number().int(),
  segmentLabel: z.string(),
  segment: z.object({ label: z.string(), value: z.number() }),
  outcome: z.string(),
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
  lastMessageAt: time.nullable(),
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
  TwoFactorStatus: twoFactorStatusOutput,
  TwoFactorSetup: twoFactorSetupOutput,
  NumbersPage: numbersPageOutput,
  HeldNumbers: heldNumbersOutput,
  SignedReceipt: signedReceiptOutput,
  LiabilitySnapshot: snapshotSummaryOutput,
  LiabilityProof: liabilityProofOutput,
});
