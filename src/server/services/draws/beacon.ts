/**
 * The drand randomness beacon (DRAW_BEACON, docs/fair-play.md). When sales close the contest is
 * tied to a round emitted a little AFTER closing (so nobody, operator included, knows its value
 * while tickets can still be bought or End pressed); the draw waits until that round is published
 * and its BLS signature verifies against the chain's public key (drand-client does the check).
 */
import { type ChainInfo, fetchBeacon, HttpCachingChain, HttpChainClient, roundAt } from "drand-client";
import { type BeaconSettings, QUICKNET_CHAIN_HASH, QUICKNET_PUBLIC_KEY } from "../kernel";
import { logger } from "../../platform/logger";

/** Seconds past the close before the fixed round: absorbs clock skew between us and the network. */
export const BEACON_MARGIN_SECONDS = 10;
const TIMEOUT_MS = 5000;

const QUICKNET_INFO: ChainInfo = {
  public_key: QUICKNET_PUBLIC_KEY,
  period: 3,
  genesis_time: 1692803367,
  hash: QUICKNET_CHAIN_HASH,
  groupHash: "f477d5c89f21a17c863a7f937c6a6d15859414d2be09cd448d4279af331c5d3e",
  schemeID: "bls-unchained-g1-rfc9380",
  metadata: { beaconID: "quicknet" },
};

function clientFor(s: BeaconSettings): HttpChainClient {
  const options = {
    disableBeaconVerification: false,
    noCache: false,
    chainVerificationParams: { chainHash: s.chainHash, publicKey: s.publicKey },
  };
  return new HttpChainClient(new HttpCachingChain(`${s.url}/${s.chainHash}`, options), options);
}

function withTimeout<T>(p: Promise<T>, what: string): Promise<T> {
  return Promise.race([
    p,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`${what} timed out`)), TIMEOUT_MS).unref?.()),
  ]);
}

/** Genesis and period of the chain: built in for quicknet, else asked from the relay (and checked). */
export async function beaconChainInfo(s: BeaconSettings): Promise<ChainInfo> {
  if (s.chainHash === QUICKNET_CHAIN_HASH && s.publicKey === QUICKNET_PUBLIC_KEY) return QUICKNET_INFO;
  return withTimeout(clientFor(s).chain().info(), "drand chain info");
}

/** The first round emitted at least BEACON_MARGIN_SECONDS after `closedAt`. */
export function roundAfter(info: Pick<ChainInfo, "genesis_time" | "period">, closedAt: Date): number {
  return roundAt(closedAt.getTime() + BEACON_MARGIN_SECONDS * 1000, info as ChainInfo) + 1;
}

/** The verified round, or null while it is not published yet or the relay cannot be reached. */
export async function fetchVerifiedRound(
  s: BeaconSettings,
  round: number,
): Promise<{ randomness: string; signature: string } | null> {
  try {
    const beacon = await withTimeout(fetchBeacon(clientFor(s), round), "drand round");
    if (beacon.round !== round) return null;
    return { randomness: beacon.randomness, signature: beacon.signature };
  } catch (err) {
    logger.warn({ err, round }, "drand round not available yet");
    return null;
  }
}
