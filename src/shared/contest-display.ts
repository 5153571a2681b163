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
