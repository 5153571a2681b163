"use client";

import { Button, type ButtonProps } from "@mantine/core";
import Link from "next/link";

/**
 * A Mantine Button rendered as a Next Link. Server components cannot pass `component={Link}`
 * (a function) across the client boundary, so they use this instead.
 */
export function LinkButton({ href, ...props }: ButtonProps & { href: string; "aria-label"?: string; onClick?: () => void }) {
  return <Button component={Link} href={href} {...props} />;
}
