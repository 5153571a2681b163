"use client";

import { Anchor, Box, Container, Group, Text } from "@mantine/core";
import dynamic from "next/dynamic";
import { memo } from "react";
import { IntentLink } from "@/components/common/links";
import { LightButtonLink } from "@/components/common/LightButtons";
import { playerQueriesEnabled, useCurrentUser } from "../common/useCurrentUser";
import { useSessionExpiry } from "../auth/useSessionExpiry";
import classes from "./AppHeader.module.css";
import { MobileMenu } from "./MobileMenu";
import { ContestsMenu } from "./ContestsMenu";
import { PROMO_TEXT } from "./nav";
import { useQuery } from "@tanstack/react-query";
import { trpc } from "@/trpc/react";

// Signed-in-only slots: their code loads only when a user is signed in (keeps the public first load
// small), all from one module so what they share is fetched once. The cart button, which visitors
// see too, is its own import.
const loadSignedInSlots = () => import("./SignedInSlots");
const SupportChatButton = dynamic(() => loadSignedInSlots().then((m) => m.SupportChatButton), { ssr: false });
const NotificationBell = dynamic(() => loadSignedInSlots().then((m) => m.NotificationBell), { ssr: false });
const AddBalanceButton = dynamic(() => loadSignedInSlots().then((m) => m.AddBalanceButton), { ssr: false });
const UserMenu = dynamic(() => loadSignedInSlots().then((m) => m.UserMenu), { ssr: false });
const CartButton = dynamic(() => import("../cart/CartButton").then((m) => m.CartButton), { ssr: false });

/**
 * The app shell's header: promo banner, logo, navigation, and the slots other areas fill
 * (Add Balance, cart, support chat, notifications, user menu). Narrow screens get a slide-out menu.
 */
export function AppHeader() {
  const { user, isLoading } = useCurrentUser();
  useSessionExpiry();
  // No promotions to a self-excluded player (docs/fair-play.md "Safer play"); the same query as usePlayerStanding.
  const standing = useQuery(
    trpc.responsiblePlay.standing.queryOptions(undefined, { enabled: playerQueriesEnabled(user), staleTime: 30_000 }),
  ).data;
  // Read only with a user, as usePlayerStanding does (a cached answer is not one while hydrating).
  const excluded = Boolean(user) && standing?.restriction?.reason === "self_excluded";
  return (
    // data-identity: while the player is not known yet, a players' page shows a placeholder where
    // "Sign In" would be (AppHeader.module.css; docs/decisions/0009-first-paint-identity.md).
    <header className={classes.header} data-identity={isLoading ? "loading" : user ? "in" : "out"}>
      {!excluded && <PromoBanner />}
      <Container size="xl" py="sm">
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <HomeLink />
          <MainNav isAdmin={Boolean(user?.isAdmin)} />
          <Group gap="xs" wrap="nowrap">
            {/* Visitors never load the Add Balance dialog's code (its form and schemas). */}
            {user && <AddBalanceButton />}
            <CartButton />
            {user ? (
              <>
                <Box visibleFrom="sm">
                  <SupportChatButton />
                </Box>
                <NotificationBell />
                <Box visibleFrom="md">
                  <UserMenu />
                </Box>
              </>
            ) : (
              <>
                <span className={classes.identityPlaceholder} aria-hidden="true" data-testid="identity-placeholder" />
                <LightButtonLink href="/login" size="xs" className={classes.signIn}>
                  Sign In
                </LightButtonLink>
              </>
            )}
            <MobileMenu user={user} />
          </Group>
        </Group>
      </Container>
    </header>
  );
}

// The header's parts that do not depend on the player: the header re-renders as the player, their
// standing and the slots arrive after a page loads, and these need not render again each time.
const PromoBanner = memo(function PromoBanner() {
  return (
    <Box className={classes.promo} py={6} px="md" data-testid="promo-banner">
      <Text size="sm" fw={600} ta="center">
        {PROMO_TEXT}
      </Text>
    </Box>
  );
});

const HomeLink = memo(function HomeLink() {
  return (
    <Anchor component={IntentLink} href="/" underline="never" c="inherit" aria-label="Prize Contests home">
      <Group gap="xs" wrap="nowrap">
        <img src="/logo.svg" alt="" width={32} height={32} />
        <Text fw={800} size="lg" className={classes.brand}>
          Prize Contests
        </Text>
      </Group>
    </Anchor>
  );
});

const MainNav = memo(function MainNav({ isAdmin }: { isAdmin: boolean }) {
  return (
    <Group gap="lg" visibleFrom="md" component="nav" aria-label="Main">
      <ContestsMenu />
      <Anchor component={IntentLink} href="/winners" className={classes.navLink}>
        Winners
      </Anchor>
      <Anchor component={IntentLink} href="/wheel" className={classes.navLink}>
        Fortune Wheel
      </Anchor>
      {isAdmin && (
        <Anchor component={IntentLink} href="/admin" className={classes.navLink}>
          Admin
        </Anchor>
      )}
    </Group>
  );
});
