"use client";

import { Button, Divider, Drawer, NavLink, Stack, Text } from "@mantine/core";
import { IntentLink } from "@/components/common/links";
import { BalanceSplit } from "@/components/common/BalanceSplit";
import { formatUsd } from "@/shared/money-format";
import type { PublicUser } from "@/trpc/types";
import { IconWallet } from "@tabler/icons-react";
import { type AccountDialog, openAccountDialog, useOpenAfterMount } from "../common/dialogs";
import { MOBILE_CATEGORIES } from "./nav";
import { useSignOut } from "../auth/useSignOut";

/** The slide-out menu for narrow screens (docs/product.md §2, Header); loaded on first open. */
export default function MobileMenuDrawer({
  user,
  opened,
  close,
}: {
  user: PublicUser | null;
  opened: boolean;
  close: () => void;
}) {
  const shown = useOpenAfterMount(opened);
  const { signOut, pending } = useSignOut(close);
  const link = (href: string, label: string) => (
    <NavLink key={href} component={IntentLink} href={href} label={label} onClick={close} />
  );
  // The header's user menu and chat button are hidden on narrow screens: their dialogs open from here.
  const dialog = (name: AccountDialog, label: string) => (
    <NavLink
      key={name}
      component="button"
      label={label}
      onClick={() => {
        close();
        openAccountDialog(name);
      }}
    />
  );
  return (
    <Drawer
      opened={shown}
      onClose={close}
      title="Menu"
      size="xs"
      padding="md"
      hiddenFrom="md"
      id="mobile-menu"
      closeButtonProps={{ "aria-label": "Close menu" }}
    >
      <nav aria-label="Mobile">
        <Stack gap={4}>
          {user && (
            <>
              <Text size="sm" c="gray.7">
                Balance
              </Text>
              <Text fw={700} size="lg" data-testid="mobile-balance">
                {formatUsd(user.balance)}
              </Text>
              <BalanceSplit cash={user.cashBalance} credit={user.creditBalance} c="gray.7" />
              {/* The header's Add Balance dialog: the menu closes first, so it never opens over the menu. */}
              <Button
                color="green"
                leftSection={<IconWallet size={18} />}
                onClick={() => {
                  close();
                  openAccountDialog("addBalance");
                }}
              >
                Add Balance
              </Button>
              <Divider my="xs" />
              <Text size="sm" fw={600} truncate="end" data-testid="mobile-user">
                {user.email}
              </Text>
              {dialog("purchases", "My Purchases & Results")}
              {dialog("settings", "Account Settings")}
              {dialog("responsible", "Responsible play")}
              {dialog("support", "Support Chat")}
              {link("/payments", "Payment History")}
              {link("/withdrawals", "Withdraw")}
              {link("/prizes", "My Prizes")}
              {link("/rewards", "Rewards")}
              {link("/auto-entry", "Auto-entry")}
              {link("/complaints", "Complaints")}
              {link("/proof-of-liabilities", "My proof of liabilities")}
              <Divider my="xs" />
            </>
          )}
          {link("/", "Home")}
          {link("/winners", "Winners")}
          {link("/draws/live", "Live draws")}
          {link("/wheel", "Fortune Wheel")}
          {user?.isAdmin && link("/admin", "Admin Dashboard")}
          <Divider
            my="xs"
            labelPosition="left"
            label={
              <Text size="xs" fw={700} c="gray.7">
                Categories
              </Text>
            }
          />
          {MOBILE_CATEGORIES.map((c) => link(c.href, c.label))}
          <Divider my="xs" />
          {user ? (
            <Button variant="light" color="red" onClick={signOut} loading={pending}>
              Sign Out
            </Button>
          ) : (
            <Button component={IntentLink} href="/login" onClick={close}>
              Sign In
            </Button>
          )}
        </Stack>
      </nav>
    </Drawer>
  );
}
