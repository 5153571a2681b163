"use client";

import { Avatar, Group, Menu, Text, UnstyledButton } from "@mantine/core";
import {
  IconGift,
  IconHeartHandshake,
  IconLogout,
  IconMessageReport,
  IconRepeat,
  IconScale,
  IconSparkles,
  IconSettings,
  IconTicket,
  IconWallet,
} from "@tabler/icons-react";
import dynamic from "next/dynamic";
import { BalanceSplit } from "@/components/common/BalanceSplit";
import { IntentLink } from "@/components/common/links";
import { formatUsd } from "@/shared/money";
import { useAccountDialog, useOpenedOnce } from "../common/dialogs";
import { useSignOut } from "../auth/useSignOut";
import { useCurrentUser } from "../common/useCurrentUser";

// The menu's dialogs (forms, two-factor set-up, purchase history) are not in every signed-in page's
// code: each loads on its first open, and all three start loading when the menu opens.
const loadPurchases = () => import("../contests/PurchasesDialog");
const loadSettings = () => import("../auth/AccountSettingsDialog");
const loadResponsible = () => import("../auth/ResponsiblePlayDialog");
const PurchasesDialog = dynamic(() => loadPurchases().then((m) => m.PurchasesDialog), { ssr: false });
const AccountSettingsDialog = dynamic(() => loadSettings().then((m) => m.AccountSettingsDialog), { ssr: false });
const ResponsiblePlayDialog = dynamic(() => loadResponsible().then((m) => m.ResponsiblePlayDialog), { ssr: false });
const preloadDialogs = () => {
  void loadPurchases();
  void loadSettings();
  void loadResponsible();
};

export function displayNameOf(user: { displayName: string | null; firstName: string; lastName: string; email: string }) {
  return user.displayName || `${user.firstName} ${user.lastName}`.trim() || user.email;
}

export function initialsOf(user: { displayName: string | null; firstName: string; lastName: string; email: string }) {
  const words = (user.displayName || `${user.firstName} ${user.lastName}`).trim().split(/\s+/).filter(Boolean);
  const letters = words.length >= 2 ? `${words[0]![0]}${words[words.length - 1]![0]}` : (words[0] ?? user.email).slice(0, 2);
  return letters.toUpperCase();
}

/** Header user menu (docs/product.md §2): avatar, name or email, balance; purchases, settings, logout. */
export function UserMenu() {
  const { user } = useCurrentUser();
  // Also opened from the slide-out menu on narrow screens (src/components/common/dialogs.ts).
  const [purchasesOpen, openPurchases, closePurchases] = useAccountDialog("purchases");
  const [settingsOpen, openSettings, closeSettings] = useAccountDialog("settings");
  const [responsibleOpen, openResponsible, closeResponsible] = useAccountDialog("responsible");
  const purchasesMounted = useOpenedOnce(purchasesOpen);
  const settingsMounted = useOpenedOnce(settingsOpen);
  const responsibleMounted = useOpenedOnce(responsibleOpen);
  const { signOut, pending: signingOut } = useSignOut();
  if (!user) return null;
  const name = displayNameOf(user);

  return (
    <>
      <Menu position="bottom-end" width={240} shadow="md" withinPortal onOpen={preloadDialogs}>
        <Menu.Target>
          <UnstyledButton aria-label="User menu" data-testid="user-menu">
            <Group gap="xs" wrap="nowrap">
              <Avatar color="blue" radius="xl" size="md">
                {initialsOf(user)}
              </Avatar>
              <div style={{ lineHeight: 1.1 }}>
                <Text size="sm" fw={600} lineClamp={1}>
                  {name}
                </Text>
                <Text size="xs" c="dimmed" data-testid="user-menu-balance">
                  {formatUsd(user.balance)}
                </Text>
              </div>
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{user.email}</Menu.Label>
          <BalanceSplit cash={user.cashBalance} credit={user.creditBalance} px="sm" pb={4} data-testid="user-menu-split" />
          <Menu.Item leftSection={<IconTicket size={16} />} onClick={openPurchases}>
            My Purchases &amp; Results
          </Menu.Item>
          <Menu.Item
            leftSection={<IconWallet size={16} />}
            component={IntentLink}
            href="/withdrawals"
            data-testid="menu-withdraw"
          >
            Withdraw
          </Menu.Item>
          <Menu.Item leftSection={<IconGift size={16} />} component={IntentLink} href="/prizes">
            My Prizes
          </Menu.Item>
          <Menu.Item leftSection={<IconSparkles size={16} />} component={IntentLink} href="/rewards" data-testid="menu-rewards">
            Rewards
          </Menu.Item>
          <Menu.Item
            leftSection={<IconRepeat size={16} />}
            component={IntentLink}
            href="/auto-entry"
            data-testid="menu-auto-entry"
          >
            Auto-entry
          </Menu.Item>
          <Menu.Item leftSection={<IconMessageReport size={16} />} component={IntentLink} href="/complaints">
            Complaints
          </Menu.Item>
          <Menu.Item
            leftSection={<IconScale size={16} />}
            component={IntentLink}
            href="/proof-of-liabilities"
            data-testid="menu-proof"
          >
            My proof of liabilities
          </Menu.Item>
          <Menu.Item leftSection={<IconSettings size={16} />} onClick={openSettings}>
            Account Settings
          </Menu.Item>
          <Menu.Item leftSection={<IconHeartHandshake size={16} />} onClick={openResponsible}>
            Responsible play
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={signOut} disabled={signingOut}>
            Logout
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {purchasesMounted && <PurchasesDialog opened={purchasesOpen} onClose={closePurchases} />}
      {settingsMounted && <AccountSettingsDialog opened={settingsOpen} onClose={closeSettings} />}
      {responsibleMounted && <ResponsiblePlayDialog opened={responsibleOpen} onClose={closeResponsible} />}
    </>
  );
}
