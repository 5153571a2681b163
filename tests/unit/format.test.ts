import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  browserTimeZone,
  formatCalendarDay,
  formatCount,
  formatDateTime,
  formatUsd,
  safeTimeZone,
  messageTime,
  timeZoneLabel,
} from "@/shared/format";
import { auditChanges, auditValue } from "@/shared/audit-display";
import { payPageHref } from "@/shared/pay-link";

const AT = new Date("2026-11-26T08:46:49.907Z");

describe("the one date and money formatter (src/shared/format.ts)", () => {
  it("names the zone with every time of day, in the zone asked for", () => {
    expect(formatDateTime(AT, "UTC")).toBe("Nov 26, 2026, 8:46 AM UTC");
    expect(formatDateTime(AT, "America/Los_Angeles")).toBe("Nov 26, 2026, 12:46 AM PST");
    expect(formatDateTime(AT, "America/Los_Angeles", "long")).toBe("Thursday, November 26, 2026 at 12:46 AM PST");
    expect(timeZoneLabel(new Date("2026-07-01T12:00:00Z"), "America/Los_Angeles")).toBe("PDT");
  });

  it("a chat message's time names its zone, and its day when it is not today", () => {
    const now = new Date("2026-11-26T20:00:00Z");
    expect(messageTime(AT, "UTC", now)).toBe("8:46 AM UTC");
    expect(messageTime(AT, "America/Los_Angeles", now)).toBe("12:46 AM PST");
    // Today in UTC is yesterday evening in Los Angeles.
    const early = new Date("2026-11-26T03:00:00Z");
    expect(messageTime(early, "UTC", now)).toBe("3:00 AM UTC");
    expect(messageTime(early, "America/Los_Angeles", now)).toBe("Nov 25, 2026, 7:00 PM PST");
    expect(messageTime(new Date("2026-11-25T10:06:00Z"), "UTC", now)).toBe("Nov 25, 2026, 10:06 AM UTC");
  });

  it("takes the day an instant falls on in the zone, not the server's", () => {
    const lateEvening = new Date("2026-11-26T03:00:00Z");
    expect(formatDateTime(lateEvening, "UTC", "date")).toBe("November 26, 2026");
    expect(formatDateTime(lateEvening, "America/Los_Angeles", "date")).toBe("November 25, 2026");
  });

  it("shows a calendar day as that day in every zone", () => {
    expect(formatCalendarDay("2027-05-25T00:00:00.000Z")).toBe("May 25, 2027");
  });

  it("falls back to UTC for an unknown zone and prints a dash for an invalid date", () => {
    expect(safeTimeZone("Mars/Olympus_Mons")).toBe("UTC");
    expect(formatDateTime(AT, "Mars/Olympus_Mons")).toBe("Nov 26, 2026, 8:46 AM UTC");
    expect(formatDateTime("not a date", "UTC")).toBe("—");
    expect(typeof browserTimeZone()).toBe("string");
  });

  it("writes UTC without Intl exactly as Intl writes it, in every style, years 1 to 9999", () => {
    const styles = {
      dateTime: { dateStyle: "medium", timeStyle: "short" },
      long: { dateStyle: "full", timeStyle: "short" },
      date: { year: "numeric", month: "long", day: "numeric" },
      time: { hour: "numeric", minute: "2-digit" },
    } as const;
    const first = new Date("0001-01-01T00:00:00Z").getTime();
    const last = new Date("9999-12-31T23:59:59Z").getTime();
    // Random instants over the whole range, the first and last minute of days, noon and midnight.
    const instants = [
      ...Array.from({ length: 4000 }, () => new Date(first + Math.random() * (last - first))),
      ...Array.from(
        { length: 1000 },
        () =>
          new Date(
            Date.UTC(2000 + Math.floor(Math.random() * 60), 0, 1) +
              Math.floor(Math.random() * 366) * 86_400_000 +
              [0, 60_000, 43_140_000, 43_200_000, 86_340_000][Math.floor(Math.random() * 5)]!,
          ),
      ),
      new Date(first),
      new Date(last),
    ];
    for (const [style, options] of Object.entries(styles)) {
      const intl = new Intl.DateTimeFormat("en-US", { ...options, timeZone: "UTC" });
      for (const d of instants) {
        const expected = style === "date" ? intl.format(d) : `${intl.format(d)} UTC`;
        expect(formatDateTime(d, "UTC", style as keyof typeof styles), d.toISOString()).toBe(expected);
      }
    }
  });

  it("takes a browser whose clock is UTC all year as UTC, and names any other zone", () => {
    // A process of its own per zone: a worker thread does not see TZ change.
    const zoneIn = (TZ: string) =>
      execFileSync(
        process.execPath,
        [
          "--import",
          "tsx",
          "--input-type=module",
          "-e",
          'import { browserTimeZone } from "./src/shared/format.ts"; console.log(browserTimeZone())',
        ],
        { env: { ...process.env, TZ }, encoding: "utf8" },
      ).trim();
    expect(zoneIn("Europe/London")).toBe("Europe/London"); // UTC in winter only
    expect(zoneIn("Atlantic/Reykjavik")).toBe("UTC"); // UTC all year
    expect(zoneIn("America/Los_Angeles")).toBe("America/Los_Angeles");
  });

  it("groups thousands in counts as Intl does, and amounts", () => {
    const intl = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
    for (let i = 0; i < 2000; i++) {
      const n = Math.floor((Math.random() - 0.5) * 10 ** Math.floor(Math.random() * 16));
      expect(formatCount(n)).toBe(intl.format(n));
    }
    expect(formatCount(1234567)).toBe("1,234,567");
    expect(formatCount(-1234.9)).toBe("-1,234");
    expect(formatCount(Number.NaN)).toBe("0");
    expect(formatUsd("5000")).toBe("$5,000.00");
    expect(formatUsd("0.001", "mills")).toBe("$0.001");
  });
});

describe("one formatter", () => {
  it("is the only place in src/ that formats for a locale (no toLocaleString and the like elsewhere)", () => {
    const root = path.resolve(import.meta.dirname, "../../src");
    const offenders = readdirSync(root, { recursive: true, encoding: "utf8" })
      .filter((f) => /\.tsx?$/.test(f) && !f.startsWith("generated") && f !== path.join("shared", "format.ts"))
      .filter((f) => /\.toLocale(String|DateString|TimeString)\(/.test(readFileSync(path.join(root, f), "utf8")));
    expect(offenders).toEqual([]);
  });
});

describe("audit rows (src/shared/audit-display.ts)", () => {
  it("never print undefined: absent and null read as none, instants are formatted with the zone", () => {
    expect(auditChanges({ status: "active" }, { status: "ended", winningTicket: undefined }, "UTC")).toBe(
      "status: active → ended",
    );
    expect(auditChanges({ endDate: "2026-11-26T08:46:49.907Z" }, { endDate: null }, "UTC")).toBe(
      "endDate: Nov 26, 2026, 8:46 AM UTC → none",
    );
    expect(auditChanges({ endDate: null }, { endDate: "2026-11-26T08:46:49.907Z" }, "America/Los_Angeles")).toBe(
      "endDate: none → Nov 26, 2026, 12:46 AM PST",
    );
    expect(auditChanges({}, { winningTicket: 7 }, "UTC")).toBe("winningTicket: 7");
    // What the action did not set is not a change: a payment approval's before-only context.
    expect(
      auditChanges(
        { status: "pending", gatewayStatus: "paid", amount: "10.00" },
        { status: "approved", credited: "10.00", userId: "u1" },
        "UTC",
      ),
    ).toBe("status: pending → approved, credited: 10.00, userId: u1");
    expect(auditChanges({ endDate: "2026-11-26T08:46:49.907Z" }, { endDate: undefined }, "UTC")).toBe("");
    expect(auditValue({ a: 1 }, "UTC")).toBe('{"a":1}');
  });
});

describe("pay links in the browser (src/shared/pay-link.ts)", () => {
  it("our own pay page opens on the player's host; a gateway's hosted page is left alone", () => {
    expect(payPageHref("https://prizes.example/pay/T123", "T123")).toBe("/pay/T123");
    expect(payPageHref("http://localhost:3000/pay/T123", "T123")).toBe("/pay/T123");
    expect(payPageHref("https://pay.oxapay.com/12345/T123", "T123")).toBe("https://pay.oxapay.com/12345/T123");
    expect(payPageHref("https://evil.example/pay/OTHER", "T123")).toBe("https://evil.example/pay/OTHER");
  });
});
