import { describe, expect, it } from "vitest";
import { computeWinningTicket } from "../../src/shared/draw";

/** Chi-square critical values at p = 0.001 (a fair draw fails this one run in a thousand). */
const CRITICAL_0_001: Record<number, number> = { 6: 22.458, 9: 27.877 };

async function histogram(n: number, draws: number, contestId: string): Promise<number[]> {
  const counts = new Array<number>(n).fill(0);
  for (let i = 0; i < draws; i++) {
    const t = await computeWinningTicket(`seed-${i}-${contestId}`, contestId, n);
    expect(t).not.toBeNull();
    expect(Number.isInteger(t)).toBe(true);
    expect(t!).toBeGreaterThanOrEqual(1);
    expect(t!).toBeLessThanOrEqual(n);
    counts[t! - 1]! += 1;
  }
  return counts;
}

function chiSquare(counts: number[], draws: number): number {
  const expected = draws / counts.length;
  return counts.reduce((s, c) => s + (c - expected) ** 2 / expected, 0);
}

describe("winning tickets are uniform over many seeds", () => {
  it.each([7, 10])("over %i tickets (chi-square at p = 0.001, every ticket within a quarter of its share)", async (n) => {
    const draws = 6000;
    const counts = await histogram(n, draws, `uniform-${n}`);
    expect(chiSquare(counts, draws)).toBeLessThan(CRITICAL_0_001[n - 1]!);
    const share = draws / n;
    for (const c of counts) {
      expect(c).toBeGreaterThan(share * 0.75);
      expect(c).toBeLessThan(share * 1.25);
    }
  });

  it("one ticket always wins with one ticket sold; ticket counts near 2^64 stay in range", async () => {
    expect(await computeWinningTicket("any", "c", 1)).toBe(1);
    const big = 2 ** 53 - 1;
    const t = await computeWinningTicket("seed", "c", big);
    expect(t!).toBeGreaterThanOrEqual(1);
    expect(t!).toBeLessThanOrEqual(big);
  });
});
