"use client";

import { IconChevronDown } from "@tabler/icons-react";
import { IntentLink } from "@/components/common/links";
import { LightUnstyledButton } from "@/components/common/LightButtons";
import { useEffect, useId, useRef, useState } from "react";
import classes from "./AppHeader.module.css";
import { CONTEST_MENU } from "./nav";

/**
 * The header's "Contests" dropdown as a disclosure navigation menu (WAI-ARIA pattern): a button that
 * shows a list of links. Hand-rolled to keep popover/positioning code off every page's first load.
 */
export function ContestsMenu() {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") setOpen(false);
    };
    const onFocusOut = (e: FocusEvent) => {
      if (!root.current?.contains(e.relatedTarget as Node | null)) setOpen(false);
    };
    const el = root.current;
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    el?.addEventListener("focusout", onFocusOut);
    return () => {
      el?.removeEventListener("focusout", onFocusOut);
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);
  return (
    <div ref={root} className={classes.dropdownRoot}>
      <LightUnstyledButton className={classes.navLink} aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
        Contests <IconChevronDown size={14} aria-hidden className={classes.chevron} data-open={open || undefined} />
      </LightUnstyledButton>
      <ul id={id} className={classes.dropdown} hidden={!open}>
        {CONTEST_MENU.map((item) => (
          <li key={item.href}>
            <IntentLink href={item.href} className={classes.dropdownItem} onClick={() => setOpen(false)}>
              {item.label}
            </IntentLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
