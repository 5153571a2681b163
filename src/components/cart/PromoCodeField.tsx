"use client";

import { Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { useState } from "react";
import { formatUsd } from "@/shared/money-format";
import { useMutation } from "@tanstack/react-query";
import { trpc } from "@/trpc/react";
import type { RouterOutputs } from "@/trpc/types";
import { TOAST, toastSuccess } from "../common/toasts";

export type PromoQuote = RouterOutputs["pricing"]["quote"];

/**
 * The promo code box of the cart: the server checks the code against this cart and this
 * player and answers the price; the code is only used by the checkout, in its own transaction.
 */
export function PromoCodeField({
  items,
  applied,
  onApplied,
}: {
  items: { contestId: string; quantity: number }[];
  applied: PromoQuote | null;
  onApplied: (quote: PromoQuote | null) => void;
}) {
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const quote = useMutation(
    trpc.pricing.quote.mutationOptions({
      onSuccess: (q) => {
        setError(null);
        onApplied(q);
        toastSuccess(TOAST.promoCodeApplied, `You save ${formatUsd(q.promoSaving)}`);
      },
      onError: (e) => {
        setError(e.message);
        onApplied(null);
      },
    }),
  );

  if (applied) {
    return (
      <Group justify="space-between" wrap="nowrap" data-testid="promo-applied">
        <Text size="sm" c="grape.8" fw={600}>
          Code {applied.promoCode}: −{formatUsd(applied.promoSaving)}
        </Text>
        <Button size="compact-sm" variant="subtle" onClick={() => onApplied(null)}>
          Remove code
        </Button>
      </Group>
    );
  }
  const submit = () => {
    if (code.trim()) quote.mutate({ code: code.trim(), items });
  };
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {/* One column: the input and its button fit the drawer at 390 px and keep their places while the error shows. */}
      <Stack gap={6}>
        <TextInput
          size="sm"
          label="Promo code"
          placeholder="Enter a code"
          value={code}
          maxLength={32}
          autoComplete="off"
          onChange={(e) => {
            setCode(e.currentTarget.value);
            setError(null);
          }}
          error={error}
          data-testid="promo-input"
        />
        <Button type="submit" size="sm" variant="light" loading={quote.isPending} disabled={!code.trim() || items.length === 0}>
          Apply
        </Button>
      </Stack>
    </form>
  );
}
