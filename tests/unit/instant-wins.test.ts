import { describe, expect, it } from "vitest";
import { sha256Hex } from "../../src/shared/draw";
import {
  deriveInstantMap,
  type InstantPrizeSpec,
  type InstantRevealInput,
  instantMapHash,
  prizeListText,
  verifyInstantReveal,
} from "../../src/shared/instant-wins";

const prizes: InstantPrizeSpec[] = [
  { position: 1, kind: "cash", label: "$50 cash", amount: "50.00" },
  { position: 2, kind: "credit", label: "$10 credit", amount: "10.00" },
  { position: 3, kind: "physical", label: "Watch", amount: null },
];

async function reveal(seed = "s".repeat(64), ticketMax = 20, soldTickets = 0): Promise<InstantRevealInput> {
  const map = await deriveInstantMap(seed, "contest-1", ticketMax, prizes);
  return {
    contestId: "contest-1",
    ticketMax,
    soldTickets,
    seed,
    seedHash: await sha256Hex(seed),
    mapHash: await instantMapHash("contest-1", ticketMax, prizes, map),
    prizes: prizes.map((p) => {
      const t = map.get(p.position) as number;
      return { ...p, winningTicket: t, awardedEntry: t <= soldTickets ? { firstTicket: t, lastTicket: t } : null };
    }),
  };
}

describe("instant-win map (src/shared/instant-wins.ts)", () => {
  it("is deterministic, distinct, in 1..max, and depends on seed, contest, max and prize list", async () => {
    const a = await deriveInstantMap("seed-a", "c1", 10, prizes);
    expect(await deriveInstantMap("seed-a", "c1", 10, prizes)).toEqual(a);
    const tickets = [...a.values()];
    expect(new Set(tickets).size).toBe(3);
    for (const t of tickets) expect(t >= 1 && t <= 10).toBe(true);
    const variants = [
      await deriveInstantMap("seed-b", "c1", 10, prizes),
      await deriveInstantMap("seed-a", "c2", 10, prizes),
      await deriveInstantMap("seed-a", "c1", 11, prizes),
      await deriveInstantMap("seed-a", "c1", 10, [{ ...prizes[0], amount: "51.00" } as InstantPrizeSpec, ...prizes.slice(1)]),
    ];
    // Each input changes the map somewhere (checked over 3 prizes: a coincidence is ~1/1000 each).
    for (const v of variants) expect([...v.values()]).not.toEqual(tickets);
  });

  it("samples without replacement: as many prizes as tickets covers every ticket once", async () => {
    const all = Array.from({ length: 8 }, (_, i) => ({ position: i + 1, kind: "cash" as const, label: `P${i}`, amount: "1.00" }));
    const map = await deriveInstantMap("full", "c1", 8, all);
    expect([...map.values()].sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    await expect(deriveInstantMap("full", "c1", 7, all)).rejects.toThrow(/more instant prizes than tickets/);
  });

  it("lists the prizes by position in the committed text", () => {
    expect(prizeListText([prizes[2] as InstantPrizeSpec, prizes[0] as InstantPrizeSpec])).toBe(
      "1|cash|50.00|$50 cash\n3|physical|-|Watch",
    );
  });
});

describe("verifyInstantReveal", () => {
  it("accepts an honest reveal, with prizes awarded exactly for sold tickets", async () => {
    const r = await reveal("honest", 20, 20);
    const out = await verifyInstantReveal(r);
    expect(out.lines.filter((l) => l.startsWith("FAIL"))).toEqual([]);
    expect(out.ok).toBe(true);
  });

  it("fails on every kind of tampering", async () => {
    const base = await reveal("tamper", 20, 20);
    const cases: [string, (r: InstantRevealInput) => InstantRevealInput][] = [
      ["seed", (r) => ({ ...r, seed: `${r.seed}x` })],
      ["seedHash", (r) => ({ ...r, seedHash: "0".repeat(64) })],
      ["mapHash", (r) => ({ ...r, mapHash: "0".repeat(64) })],
      ["ticket max", (r) => ({ ...r, ticketMax: 21 })],
      ["a prize's amount", (r) => ({ ...r, prizes: r.prizes.map((p, i) => (i === 0 ? { ...p, amount: "500.00" } : p)) })],
      [
        "a prize's ticket",
        (r) => ({ ...r, prizes: r.prizes.map((p, i) => (i === 1 ? { ...p, winningTicket: (p.winningTicket % 20) + 1 } : p)) }),
      ],
      ["an award missing", (r) => ({ ...r, prizes: r.prizes.map((p, i) => (i === 2 ? { ...p, awardedEntry: null } : p)) })],
      [
        "an award to an entry not holding the ticket",
        (r) => ({
          ...r,
          prizes: r.prizes.map((p, i) =>
            i === 0 ? { ...p, awardedEntry: { firstTicket: p.winningTicket + 1, lastTicket: p.winningTicket + 2 } } : p,
          ),
        }),
      ],
    ];
    for (const [what, tamper] of cases) {
      const out = await verifyInstantReveal(tamper(structuredClone(base)));
      expect(out.ok, what).toBe(false);
    }
  });

  it("fails when a prize whose ticket was not sold is shown as awarded", async () => {
    const r = await reveal("unsold", 1000, 0);
    const first = r.prizes[0];
    if (!first) throw new Error("no prize");
    first.awardedEntry = { firstTicket: first.winningTicket, lastTicket: first.winningTicket };
    expect((await verifyInstantReveal(r)).ok).toBe(false);
  });
});
