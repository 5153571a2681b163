import { Badge } from "@mantine/core";

const STATUS_COLORS: Record<string, string> = { pending: "yellow", approved: "green", rejected: "red", expired: "gray" };
const GATEWAY_COLORS: Record<string, string> = {
  new: "gray",
  waiting: "gray",
  paying: "blue",
  confirming: "blue",
  underpaid: "orange",
  paid: "green",
  manual_accept: "green",
  expired: "red",
  failed: "red",
  refunding: "grape",
  refunded: "grape",
};

export function PaymentStatusBadge({ status }: { status: string }) {
  return <Badge color={STATUS_COLORS[status] ?? "gray"}>{status}</Badge>;
}

export function GatewayStatusBadge({ status }: { status: string }) {
  return (
    <Badge color={GATEWAY_COLORS[status] ?? "gray"} variant="outline">
      {status.replace(/_/g, " ")}
    </Badge>
  );
}
