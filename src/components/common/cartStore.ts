"use client";

/**
 * The cart (docs/product.md §3 "Cart item", client-only), one per signed-in user, kept in
 * localStorage so it survives reloads. Prices here are for display only: checkout sends
 * {contestId, quantity} and the server prices every line from the database.
 */
import { useCallback, useSyncExternalStore } from "react";

export type CartItem = {
  contestId: string;
  title: string;
  ticketPrice: string;
  quantity: number;
  imageUrl: string | null;
  /** The chosen option of the contest's skill question, sent with the checkout line. */
  answerIndex?: number;
  /** The question itself, so the cart can show and change the answer. */
  skillQuestion?: { text: string; options: string[] };
  /**
   * Pick your numbers: the numbers held for this line (src/server/services/tickets/holds.ts). quantity
   * counts them plus any tickets added without numbers (a lucky dip chosen at checkout).
   */
  ticketNumbers?: number[];
};

const PREFIX = "prize-cart:v1:";
const EMPTY: CartItem[] = [];
const listeners = new Set<() => void>();
const cache = new Map<string, CartItem[]>();

export function cartStorageKey(userId: string | null | undefined): string {
  return `${PREFIX}${userId ?? "guest"}`;
}

function read(key: string): CartItem[] {
  const hit = cache.get(key);
  if (hit) return hit;
  let items: CartItem[] = EMPTY;
  try {
    const raw = typeof window === "undefined" ? null : window.localStorage.getItem(key);
    const parsed = raw ? (JSON.parse(raw) as unknown) : null;
    if (Array.isArray(parsed)) {
      items = parsed.filter(
        (i): i is CartItem =>
          !!i &&
          typeof i.contestId === "string" &&
          typeof i.ticketPrice === "string" &&
          Number.isInteger(i.quantity) &&
          i.quantity > 0 &&
          (i.ticketNumbers === undefined || (Array.isArray(i.ticketNumbers) && i.ticketNumbers.length <= i.quantity)),
      );
    }
  } catch {
    items = EMPTY;
  }
  cache.set(key, items);
  return items;
}

function write(key: string, items: CartItem[]): void {
  cache.set(key, items);
  try {
    if (items.length) window.localStorage.setItem(key, JSON.stringify(items));
    else window.localStorage.removeItem(key);
  } catch {
    /* storage full or disabled: the cart still works for this page */
  }
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key?.startsWith(PREFIX)) {
      cache.delete(e.key);
      listener();
    }
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** Adding again with a different skill answer is a correction, not more tickets: the line is replaced. */
export function isAnswerChange(items: CartItem[], item: Omit<CartItem, "quantity">): boolean {
  const existing = items.find((i) => i.contestId === item.contestId);
  return !!existing && item.answerIndex !== undefined && existing.answerIndex !== item.answerIndex;
}

/**
 * Adding an existing contest increases its quantity (docs/product.md §4), unless it carries a
 * different skill answer: then the line takes the new answer and quantity (re-adding after "Incorrect
 * answer" must not double the tickets). Quantity 0 or less removes the item (setQuantity).
 */
export function addItem(items: CartItem[], item: Omit<CartItem, "quantity">, quantity: number): CartItem[] {
  const q = Math.max(1, Math.trunc(quantity));
  const existing = items.find((i) => i.contestId === item.contestId);
  if (item.ticketNumbers) return addNumbers(items, item);
  if (existing) {
    const next = isAnswerChange(items, item) ? q : existing.quantity + q;
    return items.map((i) => (i.contestId === item.contestId ? { ...i, ...item, quantity: next } : i));
  }
  return [...items, { ...item, quantity: q }];
}

/** Picked (or lucky-dipped, held) numbers join the contest's line, which keeps its tickets without numbers. */
function addNumbers(items: CartItem[], item: Omit<CartItem, "quantity">): CartItem[] {
  const existing = items.find((i) => i.contestId === item.contestId);
  const numbers = [...new Set([...(existing?.ticketNumbers ?? []), ...(item.ticketNumbers ?? [])])].sort((a, b) => a - b);
  const unnumbered = existing ? existing.quantity - (existing.ticketNumbers?.length ?? 0) : 0;
  const line = { ...existing, ...item, ticketNumbers: numbers, quantity: numbers.length + unnumbered };
  return existing ? items.map((i) => (i === existing ? line : i)) : [...items, line];
}

export function setAnswer(items: CartItem[], contestId: string, answerIndex: number): CartItem[] {
  return items.map((i) => (i.contestId === contestId ? { ...i, answerIndex } : i));
}

export function setQuantity(items: CartItem[], contestId: string, quantity: number): CartItem[] {
  if (quantity <= 0) return items.filter((i) => i.contestId !== contestId);
  return items.map((i) => (i.contestId === contestId ? { ...i, quantity: Math.trunc(quantity) } : i));
}

/** A user's cart as stored (for code that learns whose cart it is only after rendering). */
export function readCart(userId: string | null | undefined): CartItem[] {
  return read(cartStorageKey(userId));
}

/** addItem on a user's stored cart, named by id rather than by the rendering component's user. */
export function addToStoredCart(userId: string | null | undefined, item: Omit<CartItem, "quantity">, quantity: number): void {
  const key = cartStorageKey(userId);
  write(key, addItem(read(key), item, quantity));
}

export function useCart(userId: string | null | undefined) {
  const key = cartStorageKey(userId);
  const items = useSyncExternalStore(
    subscribe,
    () => read(key),
    () => EMPTY,
  );
  const add = useCallback(
    (item: Omit<CartItem, "quantity">, quantity: number) => write(key, addItem(read(key), item, quantity)),
    [key],
  );
  const update = useCallback(
    (contestId: string, quantity: number) => write(key, setQuantity(read(key), contestId, quantity)),
    [key],
  );
  const remove = useCallback((contestId: string) => write(key, setQuantity(read(key), contestId, 0)), [key]);
  const answer = useCallback(
    (contestId: string, answerIndex: number) => write(key, setAnswer(read(key), contestId, answerIndex)),
    [key],
  );
  const clear = useCallback(() => write(key, EMPTY), [key]);
  const count = items.reduce((n, i) => n + i.quantity, 0);
  return { items, count, add, update, remove, answer, clear };
}

/**
 * The checkout lines of a cart item: its picked numbers (quantity = their count) and, apart, the
 * tickets it holds without numbers (a lucky dip at checkout); the server merges a contest's lines.
 */
export function checkoutLines(i: CartItem) {
  const answer = i.answerIndex === undefined ? {} : { answerIndex: i.answerIndex };
  const picked = i.ticketNumbers?.length ?? 0;
  return [
    ...(picked ? [{ contestId: i.contestId, quantity: picked, ticketNumbers: i.ticketNumbers, ...answer }] : []),
    ...(i.quantity > picked ? [{ contestId: i.contestId, quantity: i.quantity - picked, ...answer }] : []),
  ];
}
