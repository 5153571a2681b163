/** Pure display rules for contest pages (shared so unit tests can reach them). */

/** "engine_type" / "topSpeed" -> "Engine Type" / "Top Speed". */
export function humaniseKey(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim()
    .split(/\s+/)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");
}

/** Why tickets cannot be bought right now, or null. */
export function unavailableReason(
  c: { status: string; endDate: Date | string | null; soldTickets: number; maxTickets: number | null },
  now = Date.now(),
) {
  if (c.status !== "active" || (c.endDate && new Date(c.endDate).getTime() <= now)) return "This contest has ended";
  if (c.maxTickets !== null && c.soldTickets >= c.maxTickets) return "Sold out";
  return null;
}
