import { describe, expect, it } from "vitest";
import { timeLabel } from "../../src/components/common/timeLabel";

describe("notification time labels", () => {
  const now = new Date("2026-01-10T12:00:00Z");
  const ago = (ms: number) => new Date(now.getTime() - ms);
  it("reads Now under an hour, Nh ago under a day, then Nd ago", () => {
    expect(timeLabel(ago(0), now)).toBe("Now");
    expect(timeLabel(ago(59 * 60_000), now)).toBe("Now");
    expect(timeLabel(ago(60 * 60_000), now)).toBe("1h ago");
    expect(timeLabel(ago(23 * 3_600_000 + 59 * 60_000), now)).toBe("23h ago");
    expect(timeLabel(ago(24 * 3_600_000), now)).toBe("1d ago");
    expect(timeLabel(ago(9 * 24 * 3_600_000).toISOString(), now)).toBe("9d ago");
  });
});
