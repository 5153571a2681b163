import { type QueryClient, QueryObserver } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { transformer } from "@/shared/transformer";
import { shareEqualData } from "@/trpc/share-equal-data";

/** What the browser holds after a tRPC answer: superjson's round trip (dates as Date objects). */
const wire = <T>(value: T): T => transformer.deserialize(transformer.serialize(value)) as T;

const contest = () => ({
  id: "c1",
  title: "Supercar",
  endDate: new Date("2026-12-01T10:00:00Z"),
  soldTickets: 10,
  bundleTiers: [{ quantity: 5, percentOff: 10 }],
  specifications: { engine: "V8" },
  drawnAt: null as Date | null,
});

describe("shareEqualData (the query cache's structural sharing)", () => {
  it("keeps the cached object when a refetch answers the same data, dates included", () => {
    const before = wire(contest());
    const after = wire(contest());
    expect(after.endDate).not.toBe(before.endDate); // superjson hands out new dates each time
    expect(shareEqualData(before, after)).toBe(before);
  });

  it("takes what changed and keeps every unchanged part", () => {
    const before = wire(contest());
    const after = wire({ ...contest(), soldTickets: 11 });
    const shared = shareEqualData(before, after) as ReturnType<typeof contest>;
    expect(shared).not.toBe(before);
    expect(shared).toEqual(after);
    expect(shared.endDate).toBe(before.endDate);
    expect(shared.bundleTiers).toBe(before.bundleTiers);
    expect(shared.specifications).toBe(before.specifications);
  });

  it("takes a moved date, a new key, a removed key and a longer or shorter list", () => {
    const before = wire(contest());
    const moved = shareEqualData(before, wire({ ...contest(), endDate: new Date("2026-12-02T10:00:00Z") })) as ReturnType<
      typeof contest
    >;
    expect(moved.endDate.toISOString()).toBe("2026-12-02T10:00:00.000Z");
    expect(moved.bundleTiers).toBe(before.bundleTiers);

    const added = { ...contest(), extra: 1 };
    expect(shareEqualData(before, added)).toEqual(added);
    const { specifications: _, ...removed } = contest();
    expect(shareEqualData(before, removed)).toEqual(removed);

    expect(shareEqualData([1, 2], [1, 2, 3])).toEqual([1, 2, 3]);
    const shorter = shareEqualData([1, 2, 3], [1, 2]);
    expect(shorter).toEqual([1, 2]);
    expect(Array.isArray(shorter)).toBe(true);
  });

  it("treats a date and something else as different, and two invalid dates as equal", () => {
    const d = new Date("2026-01-01T00:00:00Z");
    expect(shareEqualData(d, d.toISOString())).toBe(d.toISOString());
    expect(shareEqualData({ at: d }, { at: null })).toEqual({ at: null });
    const bad = new Date("nope");
    expect(shareEqualData(bad, new Date("nope"))).toBe(bad);
  });

  it("leaves class instances other than dates to the new answer", () => {
    class Box {
      constructor(readonly v: number) {}
    }
    const next = new Box(1);
    expect(shareEqualData(new Box(1), next)).toBe(next);
  });

  it("is what the app's query client uses: an unchanged refetch does not notify a reader of data", async () => {
    const { getQueryClient } = await import("@/trpc/react");
    const client: QueryClient = getQueryClient();
    let answer = 0;
    const observer = new QueryObserver(client, {
      queryKey: ["share-equal-data-test"],
      queryFn: async () => wire({ ...contest(), soldTickets: answer < 2 ? 10 : 11 }),
      notifyOnChangeProps: ["data"],
    });
    const seen: unknown[] = [];
    const stop = observer.subscribe((r) => seen.push(r.data));
    await client.fetchQuery({ queryKey: ["share-equal-data-test"], queryFn: async () => wire(contest()) });
    answer = 1;
    await observer.refetch(); // the same data: the same object, no notification of a new one
    const first = client.getQueryData(["share-equal-data-test"]);
    answer = 2;
    await observer.refetch(); // a sale: a new object
    stop();
    expect(new Set(seen).size).toBe(2);
    expect(client.getQueryData(["share-equal-data-test"])).not.toBe(first);
  });
});
