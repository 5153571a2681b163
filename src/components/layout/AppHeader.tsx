"use client";

import { Anchor, Container, Group, Text } from "@mantine/core";
import Link from "next/link";

/** The app shell's header; the full header (menus, cart, bell) grows here as areas land. */
export function AppHeader() {
  return (
    <header style={{ borderBottom: "1px solid var(--mantine-color-gray-3)" }}>
      <Container size="xl" py="sm">
        <Group justify="space-between">
          <Anchor component={Link} href="/" underline="never" c="inherit">
            <Group gap="xs">
              <img src="/logo.svg" alt="" width={32} height={32} />
              <Text fw={800} size="lg">
                Prize Contests
              </Text>
            </Group>
          </Anchor>
          <Group gap="md">
            <Anchor component={Link} href="/winners">
              Winners
            </Anchor>
            <Anchor component={Link} href="/login">
              Sign In
            </Anchor>
          </Group>
        </Group>
      </Container>
    </header>
  );
}
