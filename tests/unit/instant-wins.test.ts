import { describe, expect, it } from "vitest";
import { sha256Hex } from "../../src/shared/draw";
import {
  commitInstantMap,
  deriveInstantMap,
  type InstantPrizeSpec,
  type InstantRevealInput,
  type InstantScheme,
  instantMapHash,
  mergeTicketRanges,
  parseTicketRanges,
  prizeListText,
  ticketRangesText,
  verifyInstantReveal,
} from "../../src/shared/instant-wins";
import { bruteForceInstantMap } from "../helpers/instant-brute-force";

const prizes: InstantPrizeSpec[] = [
  { position: 1, kind: "cash", label: "$50 cash", amount: "50.00" },
  { position: 2, kind: "credit", label: "$10 credit", amount: "10.00" },
  { position: 3, kind: "physical", label: "Watch", amount: null },
];

async function reveal(
  seed = "s".repeat(64),
  ticketMax = 20,
  soldTickets = 0,
  scheme: InstantScheme = 2,
): Promise<InstantRevealInput> {
  const map = await deriveInstantMap(seed, "contest-1", ticketMax, prizes);
  return {
    contestId: "contest-1",
    ticketMax,
    soldTickets,
    scheme,
    seed,
    seedHash: await sha256Hex(seed),
    mapHash: await instantMapHash({ seed, contestId: "contest-1", ticketMax, prizes, scheme }, map),
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
  it("accepts an honest reveal, with prizes awarded exactly for sold tickets, under either scheme", async () => {
    for (const scheme of [1, 2] as const) {
      const r = await reveal("honest", 20, 20, scheme);
      const out = await verifyInstantReveal(r);
      expect(out.lines.filter((l) => l.startsWith("FAIL"))).toEqual([]);
      expect(out.ok).toBe(true);
      // A record read under the other scheme does not verify: the scheme is part of what is checked.
      expect((await verifyInstantReveal({ ...r, scheme: scheme === 1 ? 2 : 1 })).ok).toBe(false);
    }
    // Records made before schemes were numbered carry none: they are scheme 1.
    const { scheme: _, ...old } = await reveal("honest", 20, 20, 1);
    expect((await verifyInstantReveal(old)).ok).toBe(true);
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

describe("the map's commitment hides it (src/shared/instant-wins.ts schemes)", () => {
  const contestId = "contest-brute";
  const ticketMax = 30;
  const two = prizes.slice(0, 2);

  const bruteForce = (pub: { seedHash: string; mapHash: string | null }) =>
    bruteForceInstantMap({ ...pub, contestId, ticketMax, prizes: two });

  it("scheme 1's SHA-256 gives the tickets away to a brute force; scheme 2's keyed hash does not", async () => {
    const seed = "a".repeat(64);
    const legacy = await commitInstantMap({ seed, contestId, ticketMax, prizes: two, scheme: 1 });
    // The attack works on what scheme 1 published: the test bites.
    expect(await bruteForce(legacy)).toEqual([legacy.map.get(1), legacy.map.get(2)]);
    const keyed = await commitInstantMap({ seed, contestId, ticketMax, prizes: two, scheme: 2 });
    expect([...keyed.map.values()]).toEqual([...legacy.map.values()]); // the same map, only its hash differs
    expect(await bruteForce(keyed)).toBeNull();
  });

  it("a redraw keeps the carried prizes, draws the others among tickets neither excluded nor carried, and verifies", async () => {
    const three = prizes;
    const previousSeed = "p".repeat(64);
    const before = await deriveInstantMap(previousSeed, contestId, 12, three);
    // Sold 1..6 and the ticket of prize 1 (if it was higher): prize 1 was won and is carried.
    const first = before.get(1) as number;
    const sold = mergeTicketRanges([
      [1, 6],
      [first, first],
    ]);
    const carried = new Map([[1, first]]);
    const redraw = { carried, excluded: ticketRangesText(sold) };
    const seed = "n".repeat(64);
    for (let i = 0; i < 20; i++) {
      const m = await deriveInstantMap(`${seed}${i}`, contestId, 12, three, redraw);
      expect(m.get(1)).toBe(first);
      const drawn = [m.get(2), m.get(3)] as number[];
      expect(new Set([...drawn, first]).size).toBe(3);
      for (const t of drawn) expect(t >= 1 && t <= 12 && !sold.some(([a, b]) => a <= t && t <= b)).toBe(true);
    }
    // Every free ticket can be drawn (uniform over what is left).
    const seen = new Set<number>();
    for (let i = 0; i < 200 && seen.size < 12; i++) {
      const m = await deriveInstantMap(`u${i}`, contestId, 12, three, redraw);
      seen.add(m.get(2) as number);
      seen.add(m.get(3) as number);
    }
    const free = Array.from({ length: 12 }, (_, i) => i + 1).filter((t) => !sold.some(([a, b]) => a <= t && t <= b));
    expect([...seen].sort((a, b) => a - b)).toEqual(free);

    const c = await commitInstantMap({ seed, contestId, ticketMax: 12, prizes: three, scheme: 2, redraw });
    const previous = {
      scheme: 1 as const,
      seed: previousSeed,
      seedHash: await sha256Hex(previousSeed),
      mapHash: await instantMapHash({ seed: previousSeed, contestId, ticketMax: 12, prizes: three, scheme: 1 }, before),
    };
    const soldAtEnd = mergeTicketRanges([...sold, [7, 12]]); // sold out later: every prize won
    const input: InstantRevealInput = {
      contestId,
      ticketMax: 12,
      soldTickets: 12,
      scheme: 2,
      seed,
      seedHash: c.seedHash,
      mapHash: c.mapHash,
      soldRanges: soldAtEnd,
      redraw: { excluded: redraw.excluded, excludedHash: await sha256Hex(redraw.excluded), carried: [1], previous },
      prizes: three.map((p) => {
        const t = c.map.get(p.position) as number;
        return { ...p, winningTicket: t, awardedEntry: { firstTicket: t, lastTicket: t } };
      }),
    };
    const out = await verifyInstantReveal(input);
    expect(out.lines.filter((l) => l.startsWith("FAIL"))).toEqual([]);
    expect(out.ok).toBe(true);

    const d = input.redraw as NonNullable<InstantRevealInput["redraw"]>;
    const cases: [string, InstantRevealInput][] = [
      ["the replaced map's hash", { ...input, redraw: { ...d, previous: { ...previous, mapHash: "0".repeat(64) } } }],
      ["the replaced seed", { ...input, redraw: { ...d, previous: { ...previous, seed: "x" } } }],
      ["the excluded tickets", { ...input, redraw: { ...d, excluded: "1-5" } }],
      ["an excluded ticket never sold", { ...input, soldRanges: [[7, 12]] }],
      ["a prize claimed as carried", { ...input, redraw: { ...d, carried: [1, 2] } }],
      ["no redraw", { ...input, redraw: null }],
    ];
    for (const [what, tampered] of cases) expect((await verifyInstantReveal(tampered)).ok, what).toBe(false);
  });

  it("ticket ranges are canonical text, checked against the maximum", () => {
    expect(
      ticketRangesText([
        [5, 5],
        [1, 3],
        [4, 4],
        [9, 10],
      ]),
    ).toBe("1-5,9-10");
    expect(parseTicketRanges("1-5,9-10", 10)).toEqual([
      [1, 5],
      [9, 10],
    ]);
    expect(parseTicketRanges("", 10)).toEqual([]);
    for (const bad of ["1-5,4-6", "3-1", "0", "1-11", "a", "5,1"]) expect(() => parseTicketRanges(bad, 10), bad).toThrow();
  });
});
