"use client";

import { Button, type ButtonProps } from "@mantine/core";
// biome-ignore lint/style/noRestrictedImports: the one place the site wraps Next's Link.
import Link from "next/link";
import { type ComponentProps, type FocusEvent, type MouseEvent, type TouchEvent, useState } from "react";

/**
 * The site's link: a Next Link that prefetches its page when the visitor reaches for it (pointer over,
 * keyboard focus, a finger down), not when it scrolls into view. Next's default prefetched every link
 * in view with two server renders each: the header alone made a page view cost ten renders beyond its
 * own, on every page and for every visitor, for pages few of them open. A click is still a client
 * navigation, and the pointer's head start (a hover or a touch before the click) hides most of the
 * fetch. Reaching for it turns Next's own prefetch on (Next's documented hover-prefetch pattern), so
 * it also renders where no app router is mounted. docs/public.md, Links and prefetching.
 */
export function IntentLink({ onMouseEnter, onFocus, onTouchStart, ...props }: ComponentProps<typeof Link>) {
  const [reached, setReached] = useState(false);
  const reach = () => setReached(true);
  return (
    <Link
      {...props}
      prefetch={reached ? null : false}
      onMouseEnter={(e: MouseEvent<HTMLAnchorElement>) => {
        reach();
        onMouseEnter?.(e);
      }}
      onFocus={(e: FocusEvent<HTMLAnchorElement>) => {
        reach();
        onFocus?.(e);
      }}
      onTouchStart={(e: TouchEvent<HTMLAnchorElement>) => {
        reach();
        onTouchStart?.(e);
      }}
    />
  );
}

/**
 * A Mantine Button rendered as the site's link. Server components cannot pass `component={IntentLink}`
 * (a function) across the client boundary, so they use this instead.
 */
export function LinkButton({ href, ...props }: ButtonProps & { href: string; "aria-label"?: string; onClick?: () => void }) {
  return <Button component={IntentLink} href={href} {...props} />;
}
