"use client";

import { ActionIcon, Group } from "@mantine/core";
import { IconMinus, IconPlus } from "@tabler/icons-react";
import { LIMITS } from "@/shared/constants";
import { WholeNumberInput } from "./WholeNumberInput";

/** Minus / number / plus. Minimum 1, no maximum (docs/product.md §5 "Quantity"). */
export function QuantityStepper({
  value,
  onChange,
  min = LIMITS.quantityMin,
  size = "md",
  label = "Quantity",
}: {
  value: number;
  onChange: (value: number) => void;
  /** The cart drawer passes 0 so minus can take a line to 0 (removing it). */
  min?: number;
  size?: "sm" | "md";
  label?: string;
}) {
  return (
    <Group gap={6} wrap="nowrap">
      <ActionIcon
        variant="default"
        size={size === "sm" ? 28 : 36}
        aria-label={`Decrease ${label.toLowerCase()}`}
        onClick={() => onChange(Math.max(min, value - 1))}
        disabled={value <= min}
      >
        <IconMinus size={14} />
      </ActionIcon>
      <WholeNumberInput
        aria-label={label}
        value={value}
        // An emptied field counts as the smallest quantity it may hold (as before: at least 1).
        onChange={(v) => onChange(v === "" ? Math.max(min, 1) : Math.max(min, v))}
        min={min}
        size={size === "sm" ? "xs" : "sm"}
        style={{ width: size === "sm" ? 56 : 72, textAlign: "center" }}
      />
      <ActionIcon
        variant="default"
        size={size === "sm" ? 28 : 36}
        aria-label={`Increase ${label.toLowerCase()}`}
        onClick={() => onChange(value + 1)}
      >
        <IconPlus size={14} />
      </ActionIcon>
    </Group>
  );
}
