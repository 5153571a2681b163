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

/**
 * A status badge with what explains it beneath (a txid, a rejection or failure reason, a delivery
 * note). Long tokens such as txids may break anywhere; prose still wraps between words.
 */
export function StatusWithNote({
  status,
  label,
  note,
  ...props
}: {
  status: string;
  label?: string;
  note?: ReactNode;
  "data-testid"?: string;
}) {
  return (
    <div {...props}>
      <StatusPill status={status} label={label} />
      {note && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
          {note}
        </Text>
      )}
    </div>
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

/** How the payout rules routed a withdrawal, in words (docs/payments.md "Instant payouts"). */
export function routeNote(w: { status: string; route: string | null; reasons: { message: string }[] }): string | null {
  if (w.route === "instant") return "Sent by the rules, no wait";
  if (w.status !== "pending") return null;
  if (w.route === "identity")
    return `Held until your identity is verified${w.reasons.length ? `: ${w.reasons.map((r) => r.message).join("; ")}` : ""}`;
  if (w.route === "review") return `Reviewed by our team: ${w.reasons.map((r) => r.message).join("; ")}`;
  return null;
}
