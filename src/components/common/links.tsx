"use client";

import { Anchor, type AnchorProps, Button, type ButtonProps } from "@mantine/core";
import Link from "next/link";

/**
 * Mantine Button / Anchor rendered as a Next Link. Server components cannot pass `component={Link}`
 * (a function) across the client boundary, so they use these instead.
 */
export function LinkButton({ href, ...props }: ButtonProps & { href: string; "aria-label"?: string; onClick?: () => void }) {
  return <Button component={Link} href={href} {...props} />;
}

export function LinkAnchor({ href, ...props }: AnchorProps & { href: string; children: React.ReactNode }) {
  return <Anchor component={Link} href={href} {...props} />;
}
