"use client";

import { Group, Text } from "@mantine/core";
import dynamic from "next/dynamic";
import { lazy, Suspense } from "react";
import { formatUsd } from "@/shared/money-format";
import { useAccountDialog, useOpenedOnce } from "../common/dialogs";
import { LightAvatar, LightUnstyledButton } from "../common/LightButtons";
import { usePopupOnDemand } from "../common/usePopupOnDemand";
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
// The menu itself (Mantine's Menu, floating-ui) loads when the pointer or focus reaches its trigger.
const loadPopup = () => import("./UserMenuPopup");
const UserMenuPopup = lazy(() => loadPopup().then((m) => ({ default: m.UserMenuPopup })));

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
  const popup = usePopupOnDemand(loadPopup);
  if (!user) return null;
  const name = displayNameOf(user);

  const trigger = (
    <Group gap="xs" wrap="nowrap">
      <LightAvatar initials={initialsOf(user)} />
      <div style={{ lineHeight: 1.1 }}>
        <Text size="sm" fw={600} lineClamp={1}>
          {name}
        </Text>
        <Text size="xs" c="dimmed" data-testid="user-menu-balance">
          {formatUsd(user.balance)}
        </Text>
      </div>
    </Group>
  );

  // Until the menu is wanted, and while its code arrives, the same trigger as a plain button.
  const plain = (
    <LightUnstyledButton aria-label="User menu" data-testid="user-menu" {...popup.triggerProps}>
      {trigger}
    </LightUnstyledButton>
  );

  return (
    <>
      {popup.active ? (
        <Suspense fallback={plain}>
          <UserMenuPopup
            trigger={trigger}
            focusOnOpen={popup.focusOnOpen}
            email={user.email}
            cash={user.cashBalance}
            credit={user.creditBalance}
            onOpen={preloadDialogs}
            openPurchases={openPurchases}
            openSettings={openSettings}
            openResponsible={openResponsible}
            signOut={signOut}
            signingOut={signingOut}
          />
        </Suspense>
      ) : (
        plain
      )}
      {purchasesMounted && <PurchasesDialog opened={purchasesOpen} onClose={closePurchases} />}
      {settingsMounted && <AccountSettingsDialog opened={settingsOpen} onClose={closeSettings} />}
      {responsibleMounted && <ResponsiblePlayDialog opened={responsibleOpen} onClose={closeResponsible} />}
    </>
  );
}
