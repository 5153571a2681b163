"use client";

import { IconMessageCircle } from "@tabler/icons-react";
import dynamic from "next/dynamic";
import { LightIconButton } from "../common/LightButtons";
import { useCurrentUser } from "../common/useCurrentUser";
import { useAccountDialog, useOpenedOnce } from "../common/dialogs";

const loadDialog = () => import("./SupportChatDialog");
// The chat (thread, composer, live stream) is not in every signed-in page's code: it loads on the
// first open, and starts loading as soon as the pointer or focus reaches the button.
const SupportChatDialog = dynamic(loadDialog, { ssr: false });

/** Header support chat button (docs/product.md §2); opens the support chat dialog. */
export function SupportChatButton() {
  const { user } = useCurrentUser();
  // Also opened from the slide-out menu on narrow screens (src/components/common/dialogs.ts).
  const [opened, open, close] = useAccountDialog("support");
  const mounted = useOpenedOnce(opened);
  if (!user) return null;
  return (
    <>
      <LightIconButton
        variant="subtle"
        aria-label="Support chat"
        onClick={open}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
      >
        <IconMessageCircle size={22} />
      </LightIconButton>
      {mounted && <SupportChatDialog opened={opened} close={close} />}
    </>
  );
}
