"use client";

import { IconWallet } from "@tabler/icons-react";
import dynamic from "next/dynamic";
import { LightButton, LightIconButton } from "../common/LightButtons";
import { useCurrentUser } from "../common/useCurrentUser";
import { useAccountDialog, useOpenedOnce } from "../common/dialogs";

const loadDialog = () => import("./AddBalanceDialog");
// The dialog (its form, the payment schemas, the coin icons) is not in every signed-in page's code:
// it loads on the first open, and starts loading as soon as the pointer or focus reaches a button.
const AddBalanceDialog = dynamic(loadDialog, { ssr: false });
const preload = () => void loadDialog();

/** Header 'Add Balance' buttons (docs/product.md §2); open the Add Balance dialog. Signed-in users only. */
export function AddBalanceButton() {
  const { user } = useCurrentUser();
  // One dialog for the header's two triggers and the slide-out menu's button (openAccountDialog):
  // the menu closes and this dialog opens, never one over the other.
  const [opened, open, close] = useAccountDialog("addBalance");
  const mounted = useOpenedOnce(opened);
  if (!user) return null;
  return (
    <>
      {/* The spec's header has Add Balance on every width: the labelled button from 992 px, an icon below. */}
      <LightButton
        leftSection={<IconWallet size={18} />}
        color="green"
        onClick={open}
        onPointerEnter={preload}
        onFocus={preload}
        visibleFromMd
      >
        Add Balance
      </LightButton>
      <LightIconButton
        variant="filled"
        color="green"
        aria-label="Add Balance"
        onClick={open}
        onPointerEnter={preload}
        onFocus={preload}
        hiddenFromMd
      >
        <IconWallet size={18} />
      </LightIconButton>
      {mounted && <AddBalanceDialog opened={opened} close={close} />}
    </>
  );
}
