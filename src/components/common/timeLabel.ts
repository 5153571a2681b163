/** docs/product.md §2: 'Now' under 1 hour, 'Nh ago' under 24 hours, then 'Nd ago'. */
export function timeLabel(createdAt: Date | string, now: Date = new Date()): string {
  const ms = now.getTime() - new Date(createdAt).getTime();
  const hours = Math.floor(ms / 3_600_000);
  if (hours < 1) return "Now";
  if (hours < 24) return `${hours}h ago`;
  return `${Math.floor(hours / 24)}d ago`;
}
