"use client";

import { Anchor, Container, type ContainerProps, Group, Text, Title } from "@mantine/core";
import { useState } from "react";
import type { ZodType } from "zod";
import { formatUsd } from "@/shared/money-format";

/** What a player's page shows when nobody is signed in: a link to log in and what it is for. */
export function SignInPrompt({ to, size }: { to: string; size?: ContainerProps["size"] }) {
  return (
    <Container size={size} py="xl">
      <Text>
        Please <Anchor href="/api/login">log in</Anchor>
        {` ${to}.`}
      </Text>
    </Container>
  );
}

/** A player's money page heading with the balance beside it. */
export function BalanceHeading({ title, balance }: { title: string; balance: string }) {
  return (
    <Group justify="space-between">
      <Title order={1}>{title}</Title>
      <Text>
        Balance:{" "}
        <Text span fw={700} data-testid="balance">
          {formatUsd(balance)}
        </Text>
      </Text>
    </Group>
  );
}

/**
 * A player form's check before it is sent: `check(schema, input)` answers the parsed input and clears
 * `errors`, or answers undefined and keeps the first message per field in `errors` (issues without a
 * field go under "form").
 */
export function useFieldErrors() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  function check<T>(schema: ZodType<T>, input: unknown): T | undefined {
    const parsed = schema.safeParse(input);
    const found: Record<string, string> = {};
    for (const issue of parsed.error?.issues ?? []) found[String(issue.path[0] ?? "form")] ??= issue.message;
    setErrors(found);
    return parsed.data;
  }
  return { errors, check };
}
