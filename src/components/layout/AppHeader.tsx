"use client";

import { Anchor, Container, Group, Text } from "@mantine/core";
import Link from "next/link";
import { UserMenu } from "../auth/UserMenu";
import { useCurrentUser } from "../auth/useCurrentUser";
import { CartButton } from "../cart/CartButton";
import { NotificationBell } from "../notifications/NotificationBell";
import { AddBalanceButton } from "../payments/AddBalanceButton";
import { SupportChatButton } from "../support/SupportChatButton";

/**
 * The app shell's header (the public pages issue completes it: promo banner, Contests dropdown,
 * mobile menu). Each area owns its own slot component; the shell only places them.
 */
export function AppHeader() {
  const { user } = useCurrentUser();
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
            <Anchor component={Link} href="/wheel">
              Fortune Wheel
            </Anchor>
            {user?.isAdmin && (
              <Anchor component={Link} href="/admin">
                Admin
              </Anchor>
            )}
            <AddBalanceButton />
            <CartButton />
            {user ? (
              <>
                <SupportChatButton />
                <NotificationBell />
                <UserMenu />
              </>
            ) : (
              <Anchor component={Link} href="/login">
                Sign In
              </Anchor>
            )}
          </Group>
        </Group>
      </Container>
    </header>
  );
}
