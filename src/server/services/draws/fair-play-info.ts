/** Public fair-play facts the pages show (docs/fair-play.md): open period, draw mode, free entry route. */
import { freeEntryRules } from "@/shared/fair-play";
import { fairPlaySettings } from "../kernel";

export type FairPlayInfo = {
  minContestOpenHours: number;
  /** The drand chain draws use, or null in offline mode (seed + entry-list hash). */
  beacon: { url: string; chainHash: string } | null;
  freeEntry: { address: string; rules: string[] };
};

export function getFairPlayInfo(): FairPlayInfo {
  const s = fairPlaySettings();
  return {
    minContestOpenHours: s.minContestOpenHours,
    beacon: s.beacon ? { url: s.beacon.url, chainHash: s.beacon.chainHash } : null,
    freeEntry: { address: s.freeEntryAddress, rules: freeEntryRules() },
  };
}
