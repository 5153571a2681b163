import { Badge } from "@mantine/core";

const COLORS = { active: "green", ended: "gray", cancelled: "red" } as const;
const LABELS = { active: "Active", ended: "Ended", cancelled: "Cancelled" } as const;

export function ContestStatusBadge({ status }: { status: "active" | "ended" | "cancelled" }) {
  return (
    <Badge color={COLORS[status]} variant="filled">
      {LABELS[status]}
    </Badge>
  );
}
