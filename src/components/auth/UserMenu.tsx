"use client";

import { Avatar, Group, Menu, Text, UnstyledButton } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconLogout, IconSettings, IconTicket } from "@tabler/icons-react";
import { useRouter } from "next/navigation";
import { formatUsd } from "@/shared/money";
import { api } from "@/trpc/react";
import { PurchasesDialog } from "../contests/PurchasesDialog";
import { AccountSettingsDialog } from "./AccountSettingsDialog";
import { toastError, toastSuccess } from "./toasts";
import { useCurrentUser } from "./useCurrentUser";

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
  const router = useRouter();
  const utils = api.useUtils();
  const [purchasesOpen, purchases] = useDisclosure(false);
  const [settingsOpen, settings] = useDisclosure(false);
  const logout = api.auth.logout.useMutation({
    onSuccess: async () => {
      toastSuccess("Logged Out", "You have been successfully logged out");
      utils.auth.me.setData(undefined, null);
      await utils.invalidate();
      router.push("/");
      router.refresh();
    },
    onError: (error) => toastError("Logout Failed", error, "Failed to log out. Please try again."),
  });
  if (!user) return null;
  const name = displayNameOf(user);

  return (
    <>
      <Menu position="bottom-end" width={240} shadow="md" withinPortal>
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
                  {formatUsd(user.balance, 2)}
                </Text>
              </div>
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{user.email}</Menu.Label>
          <Menu.Item leftSection={<IconTicket size={16} />} onClick={purchases.open}>
            My Purchases &amp; Results
          </Menu.Item>
          <Menu.Item leftSection={<IconSettings size={16} />} onClick={settings.open}>
            Account Settings
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item
            color="red"
            leftSection={<IconLogout size={16} />}
            onClick={() => logout.mutate()}
            disabled={logout.isPending}
          >
            Logout
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <PurchasesDialog opened={purchasesOpen} onClose={purchases.close} />
      <AccountSettingsDialog opened={settingsOpen} onClose={settings.close} />
    </>
  );
}
