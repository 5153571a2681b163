import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { computeWinningTicket, hmacSha256, sha256Hex } from "../../src/shared/draw";

describe("provably fair draw", () => {
  it("uses standard SHA-256 and HMAC-SHA256 (known vectors)", async () => {
    expect(await sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    const mac = Buffer.from(await hmacSha256("key", "The quick brown fox jumps over the lazy dog")).toString("hex");
    expect(mac).toBe("f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8");
  });

  it("is deterministic and matches an independent recomputation", async () => {
    const seed = "a".repeat(64);
    const ticket = await computeWinningTicket(seed, "contest-1", 1000);
    expect(ticket).toBe(await computeWinningTicket(seed, "contest-1", 1000));
    const mac = createHmac("sha256", seed).update("contest-1:1000:0").digest();
    const value = mac.readBigUInt64BE(0);
    expect(ticket).toBe(Number(value % 1000n) + 1);
  });

  it("stays in range and has no winner without tickets", async () => {
    expect(await computeWinningTicket("s", "c", 0)).toBeNull();
    for (let i = 0; i < 50; i++) {
      const t = await computeWinningTicket(`seed-${i}`, "c", 7);
      expect(t).toBeGreaterThanOrEqual(1);
      expect(t).toBeLessThanOrEqual(7);
    }
  });
});
