/**
 * Which gateway the app uses: OxaPay when OXAPAY_MERCHANT_API_KEY is set, else the local sandbox
 * (src/server/platform/env.ts refuses PAYMENTS_MODE=live and AUTO_APPROVE_PAID=true without the key).
 * Read from the environment on each call so tests and operators can switch without a rebuild.
 */
import type { DbTx } from "../platform/db";
import { type Env, getEnv } from "../platform/env";
import type { PaymentGateway } from "./gateway";
import { OxaPayGateway } from "./oxapay/payments";
import { SandboxGateway, sandboxWebhookKey } from "./sandbox/payments";

export * from "./gateway";
export { OxaPayGateway } from "./oxapay/payments";
export { SandboxGateway } from "./sandbox/payments";

export async function getGateway(db: DbTx, env: Env = getEnv()): Promise<PaymentGateway> {
  if (env.OXAPAY_MERCHANT_API_KEY) {
    return new OxaPayGateway({
      merchantApiKey: env.OXAPAY_MERCHANT_API_KEY,
      baseUrl: env.OXAPAY_BASE_URL,
      timeoutMs: env.OXAPAY_TIMEOUT_MS,
      lifetimeMinutes: env.OXAPAY_LIFETIME_MINUTES,
      sandbox: env.OXAPAY_SANDBOX,
      feePaidByPayer: env.OXAPAY_FEE_PAID_BY_PAYER === 1 ? 1 : 0,
      underPaidCoverage: env.OXAPAY_UNDER_PAID_COVERAGE,
    });
  }
  return new SandboxGateway(await sandboxWebhookKey(db));
}

/** True when top-ups are simulated (no real gateway key): the site shows its "Demo mode" banner. */
export function paymentsSimulated(env: Env = getEnv()): boolean {
  return !env.OXAPAY_MERCHANT_API_KEY;
}

/** AUTO_APPROVE_PAID, and never for the sandbox (env validation refuses the pair; this is the second lock). */
export function autoApprovePaid(env: Env = getEnv()): boolean {
  return env.AUTO_APPROVE_PAID && !paymentsSimulated(env);
}
