"use client";

import { Anchor, Container, type ContainerProps, Group, Text, Title } from "@mantine/core";
import { formatUsd } from "@/shared/money";

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

/** The first message per field of a failed form parse (issues without a field go under "form"). */
export function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[String(issue.path[0] ?? "form")] ??= issue.message;
  return errors;
}
