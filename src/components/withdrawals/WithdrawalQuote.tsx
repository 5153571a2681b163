"use client";

import { Alert, List, Text } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { createWithdrawalSchema, type CreateWithdrawalInput } from "@/shared/withdrawals";
import { trpc } from "@/trpc/react";

const TITLES = {
  instant: "Instant payout",
  review: "Reviewed by our team first",
  identity: "Held until your identity is verified",
} as const;
const COLORS = { instant: "green", review: "yellow", identity: "blue" } as const;

/**
 * Before the click (docs/payments.md "Instant payouts"): the server's payout rules on this exact
 * request, asked once the form is complete and has rested for a moment. Nothing is held; the answer
 * names each rule that would stop an instant payout.
 */
export function WithdrawalQuote({ input }: { input: Partial<CreateWithdrawalInput> }) {
  const quote = useMutation(trpc.withdrawals.quote.mutationOptions());
  const [asked, setAsked] = useState("");
  const parsed = createWithdrawalSchema.safeParse(input);
  const key = parsed.success ? JSON.stringify(parsed.data) : "";
  const { mutate } = quote;
  useEffect(() => {
    if (!key) return;
    const timer = setTimeout(() => {
      setAsked(key);
      mutate(JSON.parse(key) as CreateWithdrawalInput);
    }, 400);
    return () => clearTimeout(timer);
  }, [key, mutate]);

  if (!key || asked !== key || quote.isPending) {
    return (
      <Text size="sm" c="gray.7" data-testid="withdraw-quote-idle">
        {key
          ? "Checking whether this withdrawal can be paid at once…"
          : "Fill in the form to see whether it is paid at once or reviewed."}
      </Text>
    );
  }
  if (quote.error) return null;
  const q = quote.data;
  if (!q) return null;
  const failed = q.checks.filter((c) => !c.ok);
  return (
    <Alert color={COLORS[q.route]} variant="light" title={TITLES[q.route]} data-testid="withdraw-quote" data-route={q.route}>
      <Text size="sm">{q.summary}</Text>
      {failed.length > 0 && (
        <List size="sm" mt="xs" data-testid="withdraw-quote-reasons">
          {failed.map((c) => (
            <List.Item key={c.rule}>
              <b>{c.label}:</b> {c.message}
            </List.Item>
          ))}
        </List>
      )}
      {q.identity.asks.length > 0 && (
        <Text size="sm" mt="xs" data-testid="withdraw-quote-identity">
          We will ask for: {q.identity.asks.join(", ")}.
        </Text>
      )}
    </Alert>
  );
}
