/**
 * The fair and responsible play settings (docs/fair-play.md), from the validated environment
 * (src/server/platform/env.ts declares and checks each variable; .env.example lists them).
 */
import { getEnv } from "../../platform/env";

/** drand quicknet: 3 s rounds, unchained BLS signatures on G1 (the default chain of drand-client). */
export const QUICKNET_CHAIN_HASH = "52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971";
export const QUICKNET_PUBLIC_KEY =
  "83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a";

export type BeaconSettings = { url: string; chainHash: string; publicKey: string };

export function fairPlaySettings() {
  const env = getEnv();
  return {
    /** MIN_CONTEST_OPEN_HOURS: shortest time between opening a contest and its end date. */
    minContestOpenHours: env.MIN_CONTEST_OPEN_HOURS,
    /**
     * DRAW_BEACON: base URL of a drand HTTP relay (e.g. https://api.drand.sh); unset = offline mode
     * (the draw mixes the seed with the hash of the final entry list only).
     * DRAW_BEACON_CHAIN_HASH / DRAW_BEACON_PUBLIC_KEY: the chain it must serve (default quicknet).
     */
    beacon: env.DRAW_BEACON
      ? ({
          url: env.DRAW_BEACON,
          chainHash: env.DRAW_BEACON_CHAIN_HASH ?? QUICKNET_CHAIN_HASH,
          publicKey: env.DRAW_BEACON_PUBLIC_KEY ?? QUICKNET_PUBLIC_KEY,
        } satisfies BeaconSettings)
      : null,
    /** FREE_ENTRY_ADDRESS: where postal entries go (shown on every contest page). */
    freeEntryAddress: env.FREE_ENTRY_ADDRESS,
    /** WHEEL_DAILY_PAYOUT_CAP: most a player can win on the wheel per rolling 24 h (USD). */
    wheelDailyPayoutCap: env.WHEEL_DAILY_PAYOUT_CAP,
    /** REQUIRE_AGE_DECLARATION=true: no top-up, purchase or spin before a date of birth is on file. */
    requireAgeDeclaration: env.REQUIRE_AGE_DECLARATION,
  };
}
