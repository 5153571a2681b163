/**
 * Which gateway the app uses: OxaPay when OXAPAY_MERCHANT_API_KEY is set, else the local sandbox.
 * Read from the environment on each call so tests and operators can switch without a rebuild.
 */
import type { PaymentGateway } from "./gateway";
import { OxaPayGateway } from "./oxapay";
import { SandboxGateway } from "./sandbox";

export * from "./gateway";
export { OxaPayGateway } from "./oxapay";
export { SandboxGateway } from "./sandbox";

export function getGateway(env: NodeJS.ProcessEnv = process.env): PaymentGateway {
  const key = env.OXAPAY_MERCHANT_API_KEY?.trim();
  if (key) {
    return new OxaPayGateway({
      merchantApiKey: key,
      baseUrl: env.OXAPAY_BASE_URL || undefined,
      timeoutMs: env.OXAPAY_TIMEOUT_MS ? Number(env.OXAPAY_TIMEOUT_MS) : undefined,
      lifetimeMinutes: env.OXAPAY_LIFETIME_MINUTES ? Number(env.OXAPAY_LIFETIME_MINUTES) : undefined,
      sandbox: env.OXAPAY_SANDBOX === "true",
    });
  }
  return new SandboxGateway(env.SANDBOX_WEBHOOK_SECRET || undefined);
}

export function autoApprovePaid(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.AUTO_APPROVE_PAID === "true";
}
