"use client";

import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from "react";
import classes from "./LightTabs.module.css";

export type LightTab = { value: string; label: ReactNode; panel: ReactNode };

/**
 * Tabs in Mantine's default look (LightTabs.module.css, values from @mantine/core's Tabs.css), drawn
 * with plain elements: a contest page's Description / Features / Specifications, on every contest
 * page, where Mantine's Tabs brought its own chunk (bench/README.md, "2026-11-30, morning"). The
 * WAI-ARIA tabs pattern: one tab in the tab order, Left/Right/Home/End move between tabs and show
 * them, each panel labelled by its tab. Panels not shown stay in the page, hidden.
 */
export function LightTabs({
  tabs,
  defaultValue,
  className,
}: {
  tabs: readonly LightTab[];
  defaultValue: string;
  className?: string;
}) {
  const [active, setActive] = useState(defaultValue);
  const id = useId();
  const list = useRef<HTMLDivElement>(null);
  const show = (index: number) => {
    const tab = tabs[(index + tabs.length) % tabs.length];
    if (!tab) return;
    setActive(tab.value);
    list.current?.querySelector<HTMLButtonElement>(`[data-value="${tab.value}"]`)?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const current = tabs.findIndex((t) => t.value === active);
    const next = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: tabs.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    show(next);
  };
  return (
    <div className={className}>
      <div role="tablist" aria-orientation="horizontal" className={classes.list} ref={list} onKeyDown={onKeyDown}>
        {tabs.map((t) => {
          const selected = t.value === active;
          return (
            <button
              key={t.value}
              type="button"
              role="tab"
              id={`${id}-tab-${t.value}`}
              aria-controls={`${id}-panel-${t.value}`}
              aria-selected={selected}
              tabIndex={selected ? 0 : -1}
              data-active={selected || undefined}
              data-value={t.value}
              className={classes.tab}
              onClick={() => setActive(t.value)}
            >
              {t.label}
            </button>
          );
        })}
      </div>
      {tabs.map((t) => (
        <div
          key={t.value}
          role="tabpanel"
          id={`${id}-panel-${t.value}`}
          aria-labelledby={`${id}-tab-${t.value}`}
          hidden={t.value !== active}
          className={classes.panel}
        >
          {t.panel}
        </div>
      ))}
    </div>
  );
}
