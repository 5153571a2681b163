"use client";

import { Menu } from "@mantine/core";
import {
  IconGift,
  IconHeartHandshake,
  IconLogout,
  IconMessageReport,
  IconRepeat,
  IconScale,
  IconSettings,
  IconSparkles,
  IconTicket,
  IconWallet,
} from "@tabler/icons-react";
import { BalanceSplit } from "@/components/common/BalanceSplit";
import { LightUnstyledButton } from "@/components/common/LightButtons";
import { useMountedOpen } from "@/components/common/usePopupOnDemand";
import { IntentLink } from "@/components/common/links";

/**
 * The user menu itself (src/components/layout/UserMenu.tsx renders its trigger until it is first
 * wanted: src/components/common/usePopupOnDemand.ts). Mounted open.
 */
export function UserMenuPopup({
  trigger,
  focusOnOpen,
  email,
  cash,
  credit,
  onOpen,
  openPurchases,
  openSettings,
  openResponsible,
  signOut,
  signingOut,
}: {
  trigger: React.ReactNode;
  focusOnOpen: boolean;
  email: string;
  cash: string;
  credit: string;
  onOpen: () => void;
  openPurchases: () => void;
  openSettings: () => void;
  openResponsible: () => void;
  signOut: () => void;
  signingOut: boolean;
}) {
  const { opened, setWanted, target } = useMountedOpen(focusOnOpen, onOpen);
  return (
    <Menu position="bottom-end" width={240} shadow="md" withinPortal opened={opened} onChange={setWanted}>
      <Menu.Target>
        <LightUnstyledButton ref={target} aria-label="User menu" data-testid="user-menu">
          {trigger}
        </LightUnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{email}</Menu.Label>
        <BalanceSplit cash={cash} credit={credit} px="sm" pb={4} data-testid="user-menu-split" />
        <Menu.Item leftSection={<IconTicket size={16} />} onClick={openPurchases}>
          My Purchases &amp; Results
        </Menu.Item>
        <Menu.Item leftSection={<IconWallet size={16} />} component={IntentLink} href="/withdrawals" data-testid="menu-withdraw">
          Withdraw
        </Menu.Item>
        <Menu.Item leftSection={<IconGift size={16} />} component={IntentLink} href="/prizes">
          My Prizes
        </Menu.Item>
        <Menu.Item leftSection={<IconSparkles size={16} />} component={IntentLink} href="/rewards" data-testid="menu-rewards">
          Rewards
        </Menu.Item>
        <Menu.Item leftSection={<IconRepeat size={16} />} component={IntentLink} href="/auto-entry" data-testid="menu-auto-entry">
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
  );
}
