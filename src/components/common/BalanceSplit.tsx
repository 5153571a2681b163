"use client";

import { Text, type TextProps } from "@mantine/core";
import { formatUsd } from "@/shared/money-format";

/**
 * The two parts of a balance (docs/payments.md "Cash and credit"): cash, which can be withdrawn,
 * and site credit, which is spent on tickets and spins first and never withdrawn.
 */
export function BalanceSplit({ cash, credit, ...props }: { cash: string; credit: string } & TextProps) {
  return (
    <Text size="xs" c="dimmed" data-testid="balance-split" {...props}>
      Cash {formatUsd(cash)} · Site credit {formatUsd(credit)}
    </Text>
  );
}
