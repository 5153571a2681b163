/**
 * Start-up check of the coins and networks we send OxaPay against what it says it accepts
 * (docs/payments.md "Explicit terms"): a coin the merchant account has not enabled, or a network
 * name OxaPay does not list, would only show up as a refused invoice in front of a player. The
 * answer is kept per process (`lastTermsCheck`); a gateway that cannot be reached is reported as
 * such, never as "all accepted".
 */
import { CRYPTO_CURRENCIES } from "@/shared/constants";
import { COIN_NETWORKS } from "@/shared/networks";
import { OXAPAY_NETWORK } from "./client";

export type TermsCheck =
  | { ok: true; checkedAt: Date }
  | { ok: false; checkedAt: Date; problems: string[] }
  | { ok: null; checkedAt: Date; error: string };

/** The problems, in words naming the coin or network, of `accepted` for our configuration. */
export function termsProblems(accepted: { coins: string[]; networks: string[] }): string[] {
  const coins = new Set(accepted.coins.map((c) => c.toUpperCase()));
  const networks = new Set(accepted.networks.map((n) => n.toLowerCase()));
  const problems: string[] = [];
  for (const coin of CRYPTO_CURRENCIES) {
    if (!coins.has(coin))
      problems.push(`${coin} is not accepted by the OxaPay merchant account (enable it in OxaPay's merchant settings)`);
    const chains = COIN_NETWORKS[coin];
    // A network is sent only where the coin travels on several chains (src/server/gateways/oxapay/payments.ts).
    if (chains.length < 2) continue;
    for (const chain of chains) {
      const name = OXAPAY_NETWORK[chain];
      if (!networks.has(name.toLowerCase()))
        problems.push(`OxaPay does not list the network "${name}" used for ${coin} on ${chain}`);
    }
  }
  return problems;
}

let last: TermsCheck | null = null;

/** The last start-up check's outcome in this process (null before it ran). */
export function lastTermsCheck(): TermsCheck | null {
  return last;
}

export async function checkAcceptedTerms(gateway: {
  acceptedTerms: () => Promise<{ coins: string[]; networks: string[] }>;
}): Promise<TermsCheck> {
  const checkedAt = new Date();
  try {
    const problems = termsProblems(await gateway.acceptedTerms());
    last = problems.length ? { ok: false, checkedAt, problems } : { ok: true, checkedAt };
  } catch (err) {
    last = { ok: null, checkedAt, error: err instanceof Error ? err.message : String(err) };
  }
  return last;
}

/**
 * In live mode, checks once at start-up (in the background: an unreachable gateway must not stop
 * the site) and logs each problem as an error an operator sees in the first lines of the log.
 */
export async function checkAcceptedTermsAtStart(
  env: { OXAPAY_MERCHANT_API_KEY?: string; OXAPAY_BASE_URL?: string; OXAPAY_TIMEOUT_MS?: number },
  log: { error: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void },
): Promise<TermsCheck | null> {
  if (!env.OXAPAY_MERCHANT_API_KEY) return null;
  const { OxaPayGateway } = await import("./payments");
  const gateway = new OxaPayGateway({
    merchantApiKey: env.OXAPAY_MERCHANT_API_KEY,
    baseUrl: env.OXAPAY_BASE_URL,
    timeoutMs: env.OXAPAY_TIMEOUT_MS,
  });
  const check = await checkAcceptedTerms(gateway);
  if (check.ok === true) log.info({}, "OxaPay accepts every configured coin and network");
  else if (check.ok === false) for (const problem of check.problems) log.error({ problem }, `OxaPay configuration: ${problem}`);
  else log.error({ error: check.error }, "OxaPay accepted currencies could not be checked at start-up");
  return check;
}
