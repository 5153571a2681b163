/**
 * src/server/events/index.ts `liveEvents` with `spacingMs` (the contests stream: DELAYS.contestsTickSpacing):
 * a change after a quiet spell ticks at once; changes within the spacing wait for its end and go as
 * one tick; the last change is always announced; an aborted stream does not wait out the spacing.
 * Fake timers: the spacing is read off the clock, not measured.
 */
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import { InProcessEventBus, liveEvents } from "../../src/server/events";

const SPACING = 2000;

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** Whether `promise` has settled once pending microtasks have run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

function open(spacingMs: number) {
  const bus = new InProcessEventBus();
  const controller = new AbortController();
  const it = liveEvents(bus, (e) => e.kind === "contests", controller.signal, undefined, spacingMs)[Symbol.asyncIterator]();
  const change = () => bus.emitLocal({ kind: "contests" });
  return { it, change, abort: () => controller.abort() };
}

test("the first change after a quiet spell ticks at once; the ones within the spacing go as one tick at its end", async () => {
  const s = open(SPACING);
  expect((await s.it.next()).value).toEqual({ kind: "ready" });
  // "ready" is not a change: the first sale right after it ticks at once.
  const first = s.it.next();
  s.change();
  expect(await settled(first)).toBe(true);
  expect((await first).value).toEqual({ kind: "contests" });

  const second = s.it.next();
  for (let i = 0; i < 50; i++) s.change();
  await vi.advanceTimersByTimeAsync(SPACING - 1);
  expect(await settled(second)).toBe(false);
  await vi.advanceTimersByTimeAsync(1);
  expect(await settled(second)).toBe(true);
  expect((await second).value).toEqual({ kind: "contests" });

  // Fifty changes, one tick: nothing is left pending.
  const third = s.it.next();
  await vi.advanceTimersByTimeAsync(10 * SPACING);
  expect(await settled(third)).toBe(false);
  // A change after a quiet spell longer than the spacing ticks at once again.
  s.change();
  expect(await settled(third)).toBe(true);
  s.abort();
});

/** A stream past "ready" and one change's tick: the spacing runs from now. */
async function openJustTicked() {
  const s = open(SPACING);
  await s.it.next();
  const first = s.it.next();
  s.change();
  await first;
  return s;
}

test("a change arriving during the spacing is announced at its end, even after a long wait", async () => {
  const s = await openJustTicked();
  const late = s.it.next();
  await vi.advanceTimersByTimeAsync(SPACING / 2);
  s.change();
  expect(await settled(late)).toBe(false);
  await vi.advanceTimersByTimeAsync(SPACING / 2);
  expect((await late).value).toEqual({ kind: "contests" });
  s.abort();
});

test("an aborted stream ends at once, not at the end of the spacing", async () => {
  const s = await openJustTicked();
  const waiting = s.it.next();
  s.change();
  expect(await settled(waiting)).toBe(false);
  s.abort();
  expect(await settled(waiting)).toBe(true);
  expect((await waiting).done).toBe(true);
});

test("without spacing every change the reader waits for is its own tick", async () => {
  const s = open(0);
  await s.it.next();
  for (let i = 0; i < 3; i++) {
    const next = s.it.next();
    s.change();
    expect(await settled(next)).toBe(true);
  }
  s.abort();
});
