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

/** An instant as text in `timeZone` (see DateStyle); "—" for an invalid date. */
export function formatDateTime(value: DateInput, timeZone: string, style: DateStyle = "dateTime"): string {
  const d = toDate(value);
  if (Number.isNaN(d.getTime())) return "—";
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

// One formatter for every count: toLocaleString builds a new one per call, which was the costliest
// function of our own in a signed-in home page's load (profiled in Chromium). Built on first use, not
// when the module loads: the first Intl object of a page loads the locale's data, which a page that
// shows no count (the sign-in form) should not pay for while it starts (`npm run bench:main-thread`).
let count: Intl.NumberFormat | undefined;

/** 1234 -> "1,234". */
export function formatCount(n: number): string {
  count ??= new Intl.NumberFormat(DISPLAY_LOCALE, { maximumFractionDigits: 0 });
  return Number.isFinite(n) ? count.format(Math.trunc(n)) : "0";
}

/** The zone this browser runs in, or UTC when there is no browser (server rendering, tests). */
export function browserTimeZone(): string {
  try {
    return safeTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone);
  } catch {
    return SERVER_TIME_ZONE;
  }
}
