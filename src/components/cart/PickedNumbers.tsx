"use client";

import { Text } from "@mantine/core";

/** The ticket numbers of a picked cart line ("#7, #437"), wrapped on a phone. */
export function PickedNumbers({ numbers }: { numbers: number[] }) {
  return (
    <Text size="sm" data-testid="cart-numbers" style={{ overflowWrap: "anywhere" }}>
      Numbers: {numbers.map((n) => `#${n}`).join(", ")}
    </Text>
  );
}
