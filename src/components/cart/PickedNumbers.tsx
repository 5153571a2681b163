"use client";

import { Text } from "@mantine/core";

/** The ticket numbers of a picked cart line ("#7, #437"), and how many more come by lucky dip; wraps on a phone. */
export function PickedNumbers({ numbers, quantity }: { numbers: number[]; quantity: number }) {
  const dip = quantity - numbers.length;
  return (
    <Text size="sm" data-testid="cart-numbers" style={{ overflowWrap: "anywhere" }}>
      Numbers: {numbers.map((n) => `#${n}`).join(", ")}
      {dip > 0 && ` + ${dip} lucky dip at checkout`}
    </Text>
  );
}
