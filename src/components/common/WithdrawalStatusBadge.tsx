import { Badge, Text } from "@mantine/core";
import type { ReactNode } from "react";

const COLORS: Record<string, string> = {
  pending: "yellow",
  processing: "blue",
  paid: "green",
  rejected: "red",
  failed: "red",
  unclaimed: "yellow",
  cash_credited: "green",
  prize_requested: "blue",
  shipped: "indigo",
  delivered: "green",
};

/** A withdrawal or prize status as a coloured badge. */
export function StatusPill({ status, label }: { status: string; label?: string }) {
  return (
    <Badge color={COLORS[status] ?? "gray"} data-testid="status-badge">
      {label ?? status.replace(/_/g, " ")}
    </Badge>
  );
}

/** A wallet address or transaction id: small monospace text that may break anywhere (they have no spaces). */
export function ChainText({ children, ...props }: { children: ReactNode; "data-testid"?: string }) {
  return (
    <Text size="xs" ff="monospace" style={{ wordBreak: "break-all" }} {...props}>
      {children}
    </Text>
  );
}
