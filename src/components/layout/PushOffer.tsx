"use client";

import { Affix, Button, Group, Paper, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useState } from "react";
import { enableDevicePush } from "@/components/common/devicePush";
import { closePushOffer, type PushOfferReason } from "@/components/common/pushOffer";
import { showToast, TOAST, toastSuccess } from "@/components/common/toasts";

const QUESTION: Record<PushOfferReason, string> = {
  draw: "Get told when the draw happens?",
  topup: "Get told when your payment is approved?",
};

/**
 * The offer to turn on push notifications on this device (src/components/common/pushOffer.ts), a
 * small card apart from the toasts. "Enable" asks the browser's permission (from this click).
 */
export default function PushOffer({ reason }: { reason: PushOfferReason }) {
  const [busy, setBusy] = useState(false);
  // Toasts stand bottom right, up to 440 px wide (the whole width on a phone): beside them there is
  // room for this card (380 px) from 880 px of width up.
  const narrow = useMediaQuery("(max-width: 55em)", true, { getInitialValueInEffect: false });
  const enable = async () => {
    setBusy(true);
    const outcome = await enableDevicePush();
    setBusy(false);
    closePushOffer(outcome !== "on");
    if (outcome === "on") toastSuccess(TOAST.pushOn, "We will tell you about draws, wins, payments and prizes on this device.");
    else if (outcome === "denied")
      showToast(TOAST.pushOff, "Notifications are blocked for this site in your browser.", "warning");
    else showToast(TOAST.pushUnavailable, "This browser cannot receive push notifications right now.", "warning");
  };
  return (
    // Never where toasts appear: a toast over it hid its buttons (a top-up's two payment toasts last
    // 30 s, and hovering one holds it). Bottom left on wide screens, under the header on narrow ones.
    <Affix
      position={narrow ? { top: 76, right: 12, left: 12 } : { bottom: 16, left: 16 }}
      zIndex={150}
      style={{ display: "flex", justifyContent: "flex-start" }}
    >
      <Paper
        shadow="md"
        p="md"
        radius="md"
        withBorder
        maw={380}
        w="100%"
        role="region"
        aria-label="Push notifications"
        data-testid="push-offer"
      >
        <Text fw={600}>{QUESTION[reason]}</Text>
        <Text size="sm" c="dimmed" mt={4}>
          Draw results, instant wins, approved payments, paid withdrawals and shipped prizes, as notifications on this device.
        </Text>
        <Group justify="flex-end" mt="sm" gap="xs">
          <Button variant="subtle" color="gray" onClick={() => closePushOffer(true)} disabled={busy}>
            Not now
          </Button>
          <Button onClick={enable} loading={busy}>
            Enable
          </Button>
        </Group>
      </Paper>
    </Affix>
  );
}
