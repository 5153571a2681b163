/**
 * The one formatter for dates, times and counts on screen, for the server and the browser alike
 * (docs/architecture.md "shared"; money is `formatUsd` in ./money-format.ts, re-exported here).
 *
 * Every instant is formatted in an explicit time zone and, when a time of day is shown, with the
 * zone's label ("Nov 25, 2026, 2:15 AM PST"). Pages rendered on the server use UTC; the browser
 * switches to the player's zone after hydration (`useTimeZone`, src/components/common/useTimeZone.tsx),
 * so the server's HTML and the first browser render are the same text (no hydration mismatch, React
 * error #418) and nothing ever shows the server's local time. Calendar days that are not instants
 * (a date of birth, a winner post's day) are formatted as the day they name, without a zone.
 *
 * One locale for the whole product: the texts are English (docs/product.md).
 */
import { groupThousands } from "./money-format";

export { formatUsd } from "./money-format";

export const DISPLAY_LOCALE = "en-US";
/** The zone server-rendered text uses, and the fallback for an unknown zone. */
export const SERVER_TIME_ZONE = "UTC";

export type DateInput = Date | string | number;

/**
 * - `dateTime`: "Nov 25, 2026, 10:15 AM UTC" (tables, lists, toasts)
 * - `long`: "Wednesday, November 25, 2026 at 10:15 AM UTC" (a contest's end, a deadline)
 * - `date`: "November 25, 2026" (the day an instant falls on in the zone)
 * - `time`: "10:15 AM UTC" (a time of day of today; `messageTime` picks it for a chat message)
 */
export type DateStyle = "dateTime" | "long" | "date" | "time";

const OPTIONS: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  dateTime: { dateStyle: "medium", timeStyle: "short" },
  long: { dateStyle: "full", timeStyle: "short" },
  date: { year: "numeric", month: "long", day: "numeric" },
  time: { hour: "numeric", minute: "2-digit" },
};
const WITH_ZONE: Record<DateStyle, boolean> = { dateTime: true, long: true, date: false, time: true };

const formatters = new Map<string, Intl.DateTimeFormat>();

// Zones already checked: each check builds an Intl.DateTimeFormat, among the costliest calls of a
// page's start on a slow phone (`npm run bench:main-thread`). Bounded: a zone is a name from a list.
const checkedZones = new Map<string, string>();

/** A valid IANA zone name, or UTC for anything Intl does not know. */
export function safeTimeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return SERVER_TIME_ZONE;
  let safe = checkedZones.get(timeZone);
  if (safe === undefined) {
    try {
      new Intl.DateTimeFormat(DISPLAY_LOCALE, { timeZone });
      safe = timeZone;
    } catch {
      safe = SERVER_TIME_ZONE;
    }
    if (checkedZones.size < 1_000) checkedZones.set(timeZone, safe);
  }
  return safe;
}

function formatter(style: DateStyle, timeZone: string): Intl.DateTimeFormat {
  const key = `${style}|${timeZone}`;
  let f = formatters.get(key);
  if (!f) {
    // dateStyle/timeStyle cannot be combined with timeZoneName: the label is added from its own part.
    f = new Intl.DateTimeFormat(DISPLAY_LOCALE, { ...OPTIONS[style], timeZone: safeTimeZone(timeZone) });
    formatters.set(key, f);
  }
  return f;
}

/** The zone's short label at that instant: "UTC", "PST"/"PDT", "GMT+1". */
export function timeZoneLabel(value: DateInput, timeZone: string): string {
  const key = `label|${timeZone}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(DISPLAY_LOCALE, { timeZone: safeTimeZone(timeZone), timeZoneName: "short" });
    formatters.set(key, f);
  }
  return f.formatToParts(toDate(value)).find((p) => p.type === "timeZoneName")?.value ?? timeZone;
}

function toDate(value: DateInput): Date {
  return value instanceof Date ? value : new Date(value);
}

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/**
 * An instant in UTC as `Intl` writes it in en-US (the patterns of OPTIONS), without `Intl`. The first
 * `Intl.DateTimeFormat` of a page loads the locale's data: 15–25 ms of one task on a fast host, four
 * to ten times that on a slow phone, and every page renders its dates in UTC while it hydrates
 * (useTimeZone). So the server's zone costs string work only; other zones go through `Intl`, after
 * hydration. tests/unit/format.test.ts compares both on thousands of random instants.
 */
function formatUtc(d: Date, style: DateStyle): string {
  const hours = d.getUTCHours();
  const time = `${hours % 12 || 12}:${String(d.getUTCMinutes()).padStart(2, "0")} ${hours < 12 ? "AM" : "PM"}`;
  const month = MONTHS[d.getUTCMonth()] as string;
  const day = `${d.getUTCDate()}, ${d.getUTCFullYear()}`;
  switch (style) {
    case "dateTime":
      return `${month.slice(0, 3)} ${day}, ${time} UTC`;
    case "long":
      return `${WEEKDAYS[d.getUTCDay()]}, ${month} ${day} at ${time} UTC`;
    case "date":
      return `${month} ${day}`;
    case "time":
      return `${time} UTC`;
  }
}

/** An instant as text in `timeZone` (see DateStyle); "—" for an invalid date. */
export function formatDateTime(value: DateInput, timeZone: string, style: DateStyle = "dateTime"): string {
  const d = toDate(value);
  if (Number.isNaN(d.getTime())) return "—";
  // Years 1–9999: outside them Intl writes eras and signs the patterns above do not.
  const year = d.getUTCFullYear();
  if (timeZone === SERVER_TIME_ZONE && year >= 1 && year <= 9999) return formatUtc(d, style);
  const text = formatter(style, timeZone).format(d);
  return WITH_ZONE[style] ? `${text} ${timeZoneLabel(d, timeZone)}` : text;
}

/**
 * A chat message's time in `timeZone`: "10:06 AM PST" when it is from today there, else with its
 * day ("Nov 25, 2026, 10:06 AM PST"): never a bare time, whose day and zone the reader must guess.
 */
export function messageTime(value: DateInput, timeZone: string, now: DateInput = new Date()): string {
  const today = formatDateTime(now, timeZone, "date") === formatDateTime(value, timeZone, "date");
  return formatDateTime(value, timeZone, today ? "time" : "dateTime");
}

/** A calendar day that is not an instant (stored as UTC midnight): "November 25, 2026" everywhere. */
export function formatCalendarDay(value: DateInput): string {
  return formatDateTime(value, "UTC", "date");
}

/**
 * 1234 -> "1,234": grouped as amounts are (groupThousands, ./money-format.ts). Not
 * `Intl.NumberFormat`: the first Intl object of a page loads the locale's data, the costliest call of
 * our own in a contest page's hydration (`npm run bench:main-thread`).
 */
export function formatCount(n: number): string {
  if (!Number.isFinite(n)) return "0";
  const whole = Math.trunc(n);
  const grouped = groupThousands(String(Math.abs(whole)));
  return whole < 0 ? `-${grouped}` : grouped;
}

/**
 * True when this browser's clock is UTC all year (its offset is zero in every season): its instants
 * read the same in UTC, so the page keeps the Intl-free UTC text (formatUtc above). Date's offset
 * needs no locale data, unlike asking Intl for the zone's name.
 */
function clockIsUtc(): boolean {
  const year = new Date().getUTCFullYear();
  return [0, 3, 6, 9].every((month) => new Date(Date.UTC(year, month, 1)).getTimezoneOffset() === 0);
}

/** The zone this browser runs in, or UTC when there is no browser (server rendering, tests). */
export function browserTimeZone(): string {
  try {
    if (clockIsUtc()) return SERVER_TIME_ZONE;
    return safeTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
  } catch {
    return SERVER_TIME_ZONE;
  }
}
