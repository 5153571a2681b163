/**
 * refetchOnTick (src/components/common/useLiveRefetch.ts): a live tick that arrives while a query's
 * first fetch is under way still ends with the data the tick announced.
 */
import { QueryClient, QueryObserver } from "@tanstack/react-query";
import { describe, expect, it, vi } from "vitest";
import { refetchOnTick } from "../../src/components/common/useLiveRefetch";

/** A query whose first fetch reads the server's value, then waits for `answer()` before answering. */
function slowFirstFetch() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const server = { value: "before" };
  const reads: string[] = [];
  let answer: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    answer = resolve;
  });
  const observer = new QueryObserver(queryClient, {
    queryKey: ["notifications"],
    queryFn: async () => {
      const value = server.value;
      reads.push(value);
      if (reads.length === 1) await held;
      return value;
    },
  });
  const stop = observer.subscribe(() => {});
  return { queryClient, server, reads, answer, stop };
}

describe("a live tick during a query's first fetch", () => {
  it("refetchOnTick ends with what the tick announced", async () => {
    const q = slowFirstFetch();
    await vi.waitFor(() => expect(q.reads).toEqual(["before"]));
    q.server.value = "after"; // the change, committed after the first read
    const tick = refetchOnTick(q.queryClient, { queryKey: ["notifications"] });
    q.answer(); // the first answer arrives, stale
    await tick;
    await vi.waitFor(() => expect(q.queryClient.getQueryData(["notifications"])).toBe("after"));
    expect(q.reads).toEqual(["before", "after"]);
    q.stop();
  });

  it("a plain invalidate joins the stale fetch (the race refetchOnTick closes)", async () => {
    const q = slowFirstFetch();
    await vi.waitFor(() => expect(q.reads).toEqual(["before"]));
    q.server.value = "after";
    const tick = q.queryClient.invalidateQueries({ queryKey: ["notifications"] });
    q.answer();
    await tick;
    await new Promise((r) => setTimeout(r, 50));
    expect(q.queryClient.getQueryData(["notifications"])).toBe("before");
    expect(q.reads).toEqual(["before"]);
    q.stop();
  });
});
