/**
 * The environment, validated: every variable of `.env.example`, typed, with its default. A bad value
 * stops the server at start-up (src/instrumentation.ts calls getEnv()) with one error naming every
 * bad variable, e.g. `Invalid environment: PORT must be an integer from 1 to 65535`.
 *
 * Parsed on access, memoised on the raw values: getEnv() compares the current raw strings of the
 * variables below with those it last parsed (a few string compares) and parses again only when one
 * changed. So production parses once, and tests that set `process.env.X` per test see their value
 * without a reset call. An empty value counts as unset (`.env.example` lists `DATABASE_URL=`).
 *
 * NODE_ENV, NEXT_RUNTIME and NEXT_PHASE are Next's own and stay plain `process.env` reads.
 */
import path from "node:path";
import { z } from "zod";

const int = (min: number, max: number, what: string) =>
  z
    .string()
    .regex(/^\d+$/, { error: what })
    .transform(Number)
    .refine((n) => n >= min && n <= max, { error: what });

const bool = z.enum(["true", "false"], { error: "must be true or false" }).transform((v) => v === "true");

const url = (protocols: readonly string[]) =>
  z.string().refine(
    (v) => {
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    { error: `must be a URL starting with ${protocols.map((p) => `${p}//`).join(" or ")}` },
  );

const text = z.string();

/** `sandbox`: the simulated gateway is used when no OxaPay key is set; `live`: real keys are required. */
export const PAYMENTS_MODES = ["sandbox", "live"] as const;
/** The sandbox key .env.example used to publish; refused so an old .env cannot bring it back. */
const PUBLISHED_SANDBOX_SECRET = "sandbox-dev-webhook-secret";

const LOG_LEVELS = ["trace", "debug", "info", "warn", "error", "fatal", "silent"] as const;

/** One entry per variable of `.env.example` (tests/unit/env.test.ts keeps the two in step). */
/** A USD amount setting: up to 9 digits and 3 decimals ("5", "2.50"). */
const usd = z.string().regex(/^\d{1,9}(\.\d{1,3})?$/, { error: "must be a USD amount such as 5 or 2.50" });

const schema = z.object({
  // Database
  DATABASE_URL: url(["postgres:", "postgresql:"]).optional(),
  PGLITE_DIR: text.default(".data/pglite"),
  DATABASE_POOL_SIZE: int(1, 1000, "must be an integer from 1 to 1000").default(10),
  // npm start: apply pending migrations first (scripts/db/manage.ts start-check) instead of refusing to serve.
  MIGRATE_ON_START: bool.default(false),
  // Server
  PORT: int(1, 65535, "must be an integer from 1 to 65535").default(3000),
  HOST: text.default("0.0.0.0"),
  APP_URL: url(["http:", "https:"])
    .transform((v) => v.replace(/\/+$/, ""))
    .optional(),
  COOKIE_SECURE: bool.default(true),
  ADMIN_2FA_REQUIRED: bool.default(false),
  HSTS: bool.default(true),
  TRUST_PROXY_HOPS: int(0, 100, "must be an integer from 0 to 100").default(0),
  // Read by src/server/edge/request-guard.mjs (npm start): open connections per socket address; empty = 64,
  // or off behind a trusted proxy; 0 = off. Declared here so a bad value is named at start.
  MAX_CONNECTIONS_PER_IP: int(0, 1_000_000, "must be an integer from 0 (off) to 1000000").optional(),
  // Bearer token of GET /api/metrics (src/server/ops/metrics-auth.ts); unset = the path is a 404.
  METRICS_TOKEN: text.optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(", ")}` }).optional(),
  // Error reports (src/server/ops/error-reports.ts): a Sentry or GlitchTip project's DSN; unset = none sent.
  SENTRY_DSN: url(["https:", "http:"])
    .refine((v) => new URL(v).username !== "" && /\/\d+$/.test(new URL(v).pathname), {
      error: "must be a DSN such as https://<key>@sentry.example.com/<project id>",
    })
    .optional(),
  SENTRY_ENVIRONMENT: text.default("production"),
  // Demo data (npm run db:seed)
  SEED_ADMIN_EMAIL: text.default("admin@example.com"),
  SEED_ADMIN_PASSWORD: text.default("admin123"),
  SEED_PLAYER_EMAIL: text.default("player@example.com"),
  SEED_PLAYER_PASSWORD: text.default("player123"),
  // Tests (read by vitest and Playwright; listed so the whole of .env.example is checked)
  TEST_DATABASE_URL: url(["postgres:", "postgresql:"]).default("postgresql://postgres@127.0.0.1:5432/postgres"),
  CHROMIUM_PATH: text.default("/usr/bin/chromium-headless-shell"),
  // Payments (docs/payments.md)
  OXAPAY_MERCHANT_API_KEY: text.optional(),
  OXAPAY_BASE_URL: url(["http:", "https:"]).default("https://api.oxapay.com"),
  OXAPAY_TIMEOUT_MS: int(1, 600_000, "must be an integer from 1 to 600000 (milliseconds)").default(10_000),
  OXAPAY_LIFETIME_MINUTES: int(15, 2880, "must be an integer from 15 to 2880 (minutes)").default(60),
  OXAPAY_SANDBOX: bool.default(false),
  OXAPAY_PAYOUT_API_KEY: text.optional(),
  // sandbox (default): without OXAPAY_MERCHANT_API_KEY top-ups are simulated; live: refuse to start without real keys.
  PAYMENTS_MODE: z.enum(PAYMENTS_MODES, { error: `must be one of ${PAYMENTS_MODES.join(", ")}` }).default("sandbox"),
  // Proof of liabilities (docs/fair-play.md): the daily snapshot's schedule (cron, UTC; empty = none) and how long players' proofs are kept.
  LIABILITY_SNAPSHOT_CRON: text.default("30 0 * * *"), // "off": only on demand
  LIABILITY_PROOF_RETENTION_DAYS: int(1, 3650, "must be an integer from 1 to 3650 (days)").default(35),
  // Signed receipts (docs/fair-play.md): the Ed25519 seed (64 hex digits); unset = one generated per installation, kept in the database.
  RECEIPT_SIGNING_KEY: text
    .refine((v) => /^[0-9a-fA-F]{64}$/.test(v), { error: "must be 64 hex digits (a 32-byte Ed25519 seed)" })
    .optional(),
  // Tests only: a fixed sandbox webhook key; unset = a random key generated once and kept in the database.
  SANDBOX_WEBHOOK_SECRET: text
    .refine((v) => v !== PUBLISHED_SANDBOX_SECRET && v.length >= 16, {
      error:
        "must be at least 16 characters and not the old published default (leave it empty: a random key is kept in the database)",
    })
    .optional(),
  AUTO_APPROVE_PAID: bool.default(false),
  // Terms sent on every invoice (docs/payments.md): who pays OxaPay's fee (1 = the payer, 0 = we do)
  // and the underpayment OxaPay may still accept as paid (percent, 0-60).
  OXAPAY_FEE_PAID_BY_PAYER: int(0, 1, "must be 0 (we pay OxaPay's fee) or 1 (the payer does)").default(0),
  OXAPAY_UNDER_PAID_COVERAGE: z.coerce
    .number({ error: "must be a number from 0 to 60 (percent)" })
    .min(0, "must be a number from 0 to 60 (percent)")
    .max(60, "must be a number from 0 to 60 (percent)")
    .default(0),
  // Money jobs (docs/jobs.md)
  PAYOUT_RETRY_DELAY_SECONDS: int(1, 86_400, "must be an integer from 1 to 86400 (seconds)").default(30),
  PAYOUT_UNKNOWN_LIMIT_MINUTES: int(1, 10_080, "must be an integer from 1 to 10080 (minutes)").default(60),
  // How long one payout attempt holds its claim (a crashed attempt frees it after this; must outlast
  // OXAPAY_TIMEOUT_MS), which is also how quiet a stranded payout must be before the sweeper queues it
  // again; and how often the sweeper and the payout lookups run (src/server/jobs/payout-sweeper.ts).
  PAYOUT_SEND_LEASE_SECONDS: int(5, 3_600, "must be an integer from 5 to 3600 (seconds)").default(120),
  PAYOUT_SWEEP_SECONDS: int(5, 86_400, "must be an integer from 5 to 86400 (seconds)").default(300),
  // How often due auto-entries (standing orders) are run (docs/retention.md "Auto-entry"); 0 = never by the job.
  AUTO_ENTRY_SWEEP_SECONDS: int(0, 86_400, "must be an integer from 0 to 86400 (seconds)").default(300),
  PAYMENTS_POLL_SECONDS: int(10, 86_400, "must be an integer from 10 to 86400 (seconds)").default(120),
  RECONCILE_CRON: text.default("30 3 * * *"),
  RECONCILE_DAYS: int(1, 90, "must be an integer from 1 to 90 (days)").default(3),
  // Instant payouts by rules (docs/payments.md "Instant payouts"): a withdrawal is sent without a
  // person when every rule holds; 0 as AUTO_WITHDRAW_MAX_USD sends every withdrawal to the admin queue.
  AUTO_WITHDRAW_MAX_USD: int(0, 100_000, "must be an integer from 0 to 100000 (USD)").default(100),
  // Four eyes (docs/admin.md "Four eyes"): money decisions of at least this many USD (a withdrawal
  // approval, a top-up override, a review credit or take-back) need two staff members; 0 turns it off.
  FOUR_EYES_USD: int(0, 1_000_000, "must be an integer from 0 to 1000000 (USD)").default(1000),
  // Staff sessions end after this many minutes without a request (players' last 30 days).
  // Four eyes on promo codes: one taking at least this % or this many USD off needs a second approver.
  FOUR_EYES_PROMO_PERCENT: int(1, 100, "must be an integer from 1 to 100 (%)").default(50),
  FOUR_EYES_PROMO_USD: int(1, 100_000, "must be an integer from 1 to 100000 (USD)").default(25),
  // Abuse signals (docs/admin.md "Abuse signals"): this many sign-ups from one address block within an hour is a burst.
  ABUSE_SIGNUP_BURST: int(2, 1_000, "must be an integer from 2 to 1000").default(5),
  STAFF_IDLE_MINUTES: int(5, 480, "must be an integer from 5 to 480 (minutes)").default(30),
  AUTO_WITHDRAW_DAILY_COUNT: int(1, 1_000, "must be an integer from 1 to 1000").default(3),
  AUTO_WITHDRAW_DAILY_MAX_USD: int(1, 1_000_000, "must be an integer from 1 to 1000000 (USD)").default(300),
  AUTO_WITHDRAW_MIN_ACCOUNT_AGE_HOURS: int(0, 8_760, "must be an integer from 0 to 8760 (hours)").default(24),
  AUTO_WITHDRAW_DEPOSIT_WINDOW_DAYS: int(1, 365, "must be an integer from 1 to 365 (days)").default(30),
  // Automatic payouts pause while the latest proof-of-liabilities snapshot's assets are below this % of what is owed (0 = never).
  SOLVENCY_PAUSE_BELOW_PERCENT: int(0, 1000, "must be an integer from 0 to 1000 (percent)").default(100),
  // OxaPay's General API key: its account-balance call tells whether the payout wallet covers a payout.
  OXAPAY_GENERAL_API_KEY: text.optional(),
  // Identity only where the law needs it (docs/payments.md "Identity"): lifetime withdrawn (this one
  // included) or a single prize's value at which tier 1 (name, date of birth, address) and tier 2 (an
  // identity check) are needed; and the key that signs the identity provider's webhooks.
  KYC_TIER1_WITHDRAWN_USD: int(1, 10_000_000, "must be an integer from 1 to 10000000 (USD)").default(600),
  KYC_TIER1_PRIZE_USD: int(1, 10_000_000, "must be an integer from 1 to 10000000 (USD)").default(600),
  KYC_TIER2_WITHDRAWN_USD: int(1, 10_000_000, "must be an integer from 1 to 10000000 (USD)").default(2000),
  KYC_TIER2_PRIZE_USD: int(1, 10_000_000, "must be an integer from 1 to 10000000 (USD)").default(2000),
  KYC_WEBHOOK_SECRET: text
    .refine((v) => v.length >= 16, { error: "must be at least 16 characters (or empty: no identity provider)" })
    .optional(),
  // Limits and background work
  // src/server/security/anonymous-limit.ts; 0 = off.
  RATE_LIMIT_ANON_PER_MINUTE: int(0, 1_000_000_000, "must be an integer from 0 (off) to 1000000000").default(300),
  RATE_LIMIT_SIGNUPS_PER_HOUR: int(1, 1_000_000, "must be an integer from 1 to 1000000").default(20),
  // Skill questions (src/server/services/checkout/skill-question.ts): wrong answers allowed per contest and
  // account before it locks, and how long the lock lasts.
  SKILL_MAX_ATTEMPTS: int(1, 100, "must be an integer from 1 to 100").default(1),
  SKILL_LOCK_HOURS: int(1, 24 * 365, "must be an integer from 1 to 8760").default(24),
  ARGON2_MAX_CONCURRENT: int(1, 256, "must be an integer from 1 to 256").default(4),
  ARGON2_MAX_QUEUE: int(1, 100_000, "must be an integer from 1 to 100000").default(32),
  LIVE_STREAMS_PER_ACCOUNT: int(1, 1000, "must be an integer from 1 to 1000").default(5),
  LIVE_STREAMS_PER_IP: int(1, 100_000, "must be an integer from 1 to 100000").default(20),
  DRAW_SCHEDULER_INTERVAL_MS: int(0, 86_400_000, "must be an integer from 0 (off) to 86400000").default(30_000),
  // Email (docs/email.md): empty SMTP_URL = mail stays in the admin Outbox.
  SMTP_URL: url(["smtp:", "smtps:"]).optional(),
  MAIL_FROM: text.default("Prize Contests <no-reply@prize-contests.local>"),
  MAIL_DELIVERY_INTERVAL_MS: int(0, 86_400_000, "must be an integer from 0 (off) to 86400000").default(5_000),
  // Web push (docs/push.md): the VAPID pair, both or neither (unset = generated once, kept in AppSetting).
  VAPID_PUBLIC_KEY: text
    .refine((v) => /^[A-Za-z0-9_-]{87}$/.test(v), { error: "must be a base64url P-256 public key (87 characters)" })
    .optional(),
  VAPID_PRIVATE_KEY: text
    .refine((v) => /^[A-Za-z0-9_-]{43}$/.test(v), { error: "must be a base64url P-256 private key (43 characters)" })
    .optional(),
  VAPID_SUBJECT: text
    .refine((v) => /^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/.test(v), { error: "must be a mailto: or https: URL" })
    .optional(),
  PUSH_DELIVERY_INTERVAL_MS: int(0, 86_400_000, "must be an integer from 0 (off) to 86400000").default(2_000),
  // Tests only: http://127.0.0.1 and localhost push endpoints under NODE_ENV=production (src/server/push/subscriptions.ts).
  PUSH_ALLOW_LOOPBACK: bool.default(false),
  // Job queue (docs/jobs.md)
  JOBS_WORKERS: int(0, 1, "must be 0 (only enqueue) or 1 (run workers)").default(1),
  JOBS_POLL_SECONDS: int(1, 3600, "must be an integer from 1 to 3600 (seconds)").default(2),
  JOBS_MAINTENANCE_SECONDS: int(1, 86_400, "must be an integer from 1 to 86400 (seconds)").default(30),
  // Graceful shutdown (src/server/platform/shutdown.ts, docs/deploy.md)
  SHUTDOWN_GRACE_MS: int(0, 300_000, "must be an integer from 0 to 300000 (ms)").default(5_000),
  SHUTDOWN_TIMEOUT_MS: int(0, 600_000, "must be an integer from 0 to 600000 (ms)").default(20_000),
  // Fair and responsible play (docs/fair-play.md; read through src/server/services/kernel/fair-play-settings.ts)
  MIN_CONTEST_OPEN_HOURS: int(0, 8760, "must be an integer from 0 to 8760 (hours)").default(72),
  DRAW_BEACON: url(["http:", "https:"])
    .transform((v) => v.replace(/\/+$/, ""))
    .optional(),
  DRAW_BEACON_CHAIN_HASH: z
    .string()
    .regex(/^[0-9a-f]{64}$/, { error: "must be 64 hex digits (a drand chain hash)" })
    .optional(),
  DRAW_BEACON_PUBLIC_KEY: z
    .string()
    .regex(/^[0-9a-f]+$/, { error: "must be hex (the drand chain's public key)" })
    .optional(),
  FREE_ENTRY_ADDRESS: text.default("Prize Contests Free Entry, PO Box 1234, London, EC1A 1AA, United Kingdom"),
  WHEEL_DAILY_PAYOUT_CAP: z
    .string()
    .regex(/^\d{1,9}(\.\d{1,3})?$/, { error: "must be a USD amount such as 5 or 2.50" })
    .default("5"),
  REQUIRE_AGE_DECLARATION: bool.default(false),
  // Pick your numbers and the online free entry (docs/contests.md, docs/fair-play.md): how long numbers
  // added to a cart stay held for that player, and the period of "one online free entry per account per contest".
  TICKET_HOLD_MINUTES: int(1, 1440, "must be an integer from 1 to 1440 (minutes)").default(10),
  FREE_ENTRY_PERIOD_HOURS: int(1, 8760, "must be an integer from 1 to 8760 (hours)").default(24),
  // Prize-delivery tracker and complaints (docs/fair-play.md): the fulfilment target the admin
  // dashboard counts overdue prizes against, the complaint answer deadline in working days, and the
  // escalation route (the operator's ADR body) every final answer names.
  PRIZE_FULFILMENT_TARGET_DAYS: int(1, 365, "must be an integer from 1 to 365 (days)").default(28),
  COMPLAINT_DUE_WORKING_DAYS: int(1, 60, "must be an integer from 1 to 60 (working days)").default(10),
  COMPLAINTS_ADR_NAME: text.default("Independent Betting Adjudication Service (IBAS)"),
  COMPLAINTS_ADR_URL: url(["https:", "http:"]).default("https://www.ibas-uk.com/"),
  // Referral and cashback, paid as spend-only credit (docs/retention.md; src/server/services/retention/).
  REFERRAL_QUALIFYING_USD: usd.default("20"),
  REFERRAL_WINDOW_DAYS: int(1, 365, "must be an integer from 1 to 365 (days)").default(30),
  REFERRAL_REFERRER_CREDIT_USD: usd.default("5"),
  REFERRAL_REFERRED_CREDIT_USD: usd.default("5"),
  REFERRAL_MONTHLY_CAP: int(0, 1000, "must be an integer from 0 to 1000 (referrals a month)").default(10),
  REFERRAL_CREDIT_EXPIRY_DAYS: int(1, 365, "must be an integer from 1 to 365 (days)").default(30),
  CASHBACK_PERCENT: z
    .string()
    .regex(/^(100|\d{1,2}(\.\d{1,2})?)$/, { error: "must be a percentage from 0 to 100 such as 5 or 2.5" })
    .default("5"),
  CASHBACK_MIN_USD: usd.default("0.50"),
  CASHBACK_EXPIRY_DAYS: int(1, 365, "must be an integer from 1 to 365 (days)").default(30),
  CASHBACK_REMINDER_DAYS: int(0, 364, "must be an integer from 0 to 364 (days; 0 = no reminder)").default(3),
  // Read by `npm run build` (scripts/build/build-info.ts), never at run time: the commit the build names
  // on /api/health and in the metrics when the checkout has no `.git` (the Dockerfile's build argument).
  BUILD_COMMIT: text.optional(),
  /** Support organisations (src/shared/safer-play.ts reads it, inlined at build time); unset = the UK defaults. */
  NEXT_PUBLIC_SUPPORT_LINKS: z
    .string()
    .regex(/^[^|;]{1,60}\|\s*https:\/\/[^\s;|"<>]+\s*(;[^|;]{1,60}\|\s*https:\/\/[^\s;|"<>]+\s*)*$/, {
      error: 'must be "Name|https://…" entries separated by ";"',
    })
    .optional(),
});

export type Env = z.output<typeof schema>;
export const ENV_KEYS = Object.keys(schema.shape) as (keyof Env)[];

/** The error a bad environment raises; `message` names every bad variable. */
export class EnvError extends Error {
  override name = "EnvError";
}

/** Parses an environment (default: this process's). Empty strings count as unset. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const raw: Record<string, string> = {};
  for (const key of ENV_KEYS) {
    const value = source[key]?.trim();
    if (value) raw[key] = value;
  }
  const result = schema.safeParse(raw);
  const problems = result.success
    ? paymentProblems(result.data)
    : result.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`);
  if (result.success && problems.length === 0) return result.data;
  throw new EnvError(`Invalid environment: ${[...new Set(problems)].join("; ")}`);
}

/**
 * Payment settings that only make sense together (docs/payments.md "Modes"): the sandbox never
 * auto-credits, a real gateway needs APP_URL for its callbacks, and live mode needs real keys.
 */
function paymentProblems(env: Env): string[] {
  const problems: string[] = [];
  const real = Boolean(env.OXAPAY_MERCHANT_API_KEY);
  if (env.AUTO_APPROVE_PAID && !real) {
    problems.push(
      "AUTO_APPROVE_PAID cannot be true with the sandbox gateway (its payments are simulated): set OXAPAY_MERCHANT_API_KEY or leave it false",
    );
  }
  if ((real || env.OXAPAY_PAYOUT_API_KEY) && !env.APP_URL) {
    problems.push(
      "APP_URL is required when OXAPAY_MERCHANT_API_KEY or OXAPAY_PAYOUT_API_KEY is set (the gateway's callback and return URLs)",
    );
  }
  if (env.PAYOUT_SEND_LEASE_SECONDS * 1000 <= env.OXAPAY_TIMEOUT_MS) {
    problems.push(
      "PAYOUT_SEND_LEASE_SECONDS must be longer than OXAPAY_TIMEOUT_MS (a payout attempt must not lose its claim while it waits for OxaPay)",
    );
  }
  if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
    problems.push("VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are a pair: set both or neither");
  }
  if (env.PAYMENTS_MODE === "live") {
    if (!real) problems.push("PAYMENTS_MODE=live needs OXAPAY_MERCHANT_API_KEY (live mode never uses the sandbox)");
    if (!env.OXAPAY_PAYOUT_API_KEY) {
      problems.push("PAYMENTS_MODE=live needs OXAPAY_PAYOUT_API_KEY (sandbox payouts send no money)");
    }
    if (!env.APP_URL?.startsWith("https://")) problems.push("PAYMENTS_MODE=live needs APP_URL starting with https://");
    if (env.SANDBOX_WEBHOOK_SECRET) problems.push("SANDBOX_WEBHOOK_SECRET must be empty with PAYMENTS_MODE=live");
    if (env.PUSH_ALLOW_LOOPBACK) problems.push("PUSH_ALLOW_LOOPBACK must be false with PAYMENTS_MODE=live");
  }
  return problems;
}

/**
 * The app's public origin for absolute URLs (gateway callbacks, pay links, email links): APP_URL, else
 * `http://localhost:${PORT}`. Never derived from a request's Host or X-Forwarded-* headers.
 */
export function appOrigin(env: Env = getEnv()): string {
  return env.APP_URL ?? `http://localhost:${env.PORT}`;
}

let cached: { raw: (string | undefined)[]; env: Env } | undefined;

/** This process's environment, parsed again only when one of its variables changed (see above). */
export function getEnv(): Env {
  const raw = ENV_KEYS.map((key) => process.env[key]);
  if (cached && raw.every((value, i) => value === cached?.raw[i])) return cached.env;
  const env = parseEnv(process.env);
  cached = { raw, env };
  return env;
}

/** Where the embedded database keeps its data (PGLITE_DIR), as an absolute path. */
export function defaultPgliteDir(): string {
  return path.resolve(getEnv().PGLITE_DIR);
}

/** The database this process uses, for operators' messages. */
export function describeDatabase(): string {
  return getEnv().DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : `PGlite at ${defaultPgliteDir()}`;
}
