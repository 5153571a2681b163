"use client";

import { Text } from "@mantine/core";
import classes from "./ContestCard.module.css";
import { useReducedMotion } from "@mantine/hooks";
import { useEffect, useState } from "react";
import { formatCount } from "@/shared/format";
import { formatTimeLeft, oddsText, timeLeft } from "@/shared/odds";

/**
 * Progress, odds and countdown on every card and contest page. Built from the public
 * counts only (soldTickets includes free postal entries), so kept public pages can carry it; the
 * counts follow sales live through `useLiveContests` (the `contests` event refetches the list).
 */
export function ContestStats({
  sold,
  max,
  endDate,
  testId = "contest-stats",
}: {
  sold: number;
  max: number | null;
  endDate: Date | string | null;
  testId?: string;
}) {
  const pct = max === null ? 0 : max > 0 ? Math.min(100, (sold / max) * 100) : 100;
  const soldText = max === null ? `${formatCount(sold)} sold` : `${formatCount(sold)} of ${formatCount(max)} sold`;
  return (
    <div className={classes.stats} data-testid={testId}>
      {max !== null && (
        // Mantine's Progress (size sm) in plain elements: one of these sits on every card.
        <div className={classes.progress}>
          <div
            className={classes.progressFill}
            role="progressbar"
            aria-label={soldText}
            aria-valuenow={Math.round(pct)}
            aria-valuemin={0}
            aria-valuemax={100}
            style={{ width: `${pct}%` }}
          />
        </div>
      )}
      <div className={classes.statsRow}>
        <p className={`${classes.small} ${classes.dimmed}`} data-testid="sold-progress">
          {soldText}
        </p>
        {endDate && <Countdown end={endDate} />}
      </div>
      <p className={`${classes.small} ${classes.dimmed}`} data-testid="ticket-odds">
        {oddsText(sold, max)}
      </p>
    </div>
  );
}

/**
 * The time left, computed in the browser only: the server's HTML and the first browser render both
 * show the placeholder (no hydration mismatch), then it ticks each second (each minute, without
 * seconds, when the player prefers reduced motion).
 */
export function Countdown({
  end,
  label = "Ends in",
  size = "xs",
  testId = "countdown",
}: {
  end: Date | string;
  /** What the time left leads to: "Ends in" on cards, "Draw in" on a live draw. */
  label?: string;
  size?: "xs" | "sm";
  testId?: string;
}) {
  const reduced = useReducedMotion();
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const id = setInterval(() => setNow(Date.now()), reduced ? 60_000 : 1000);
    return () => clearInterval(id);
  }, [reduced]);
  const left = now === null ? null : timeLeft(end, now);
  const text = left === null ? "…" : formatTimeLeft(left, { seconds: !reduced });
  return (
    <Text
      component="time"
      dateTime={new Date(end).toISOString()}
      size={size}
      fw={600}
      c={left?.over ? "dimmed" : undefined}
      data-testid={testId}
    >
      {left?.over ? text : `${label} ${text}`}
    </Text>
  );
}
