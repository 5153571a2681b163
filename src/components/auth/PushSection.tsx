"use client";

import { Stack, Switch, Text, Title } from "@mantine/core";
import { useEffect, useState } from "react";
import { currentSubscription, disableDevicePush, enableDevicePush, pushSupported } from "@/components/common/devicePush";
import { closePushOffer } from "@/components/common/pushOffer";
import { showToast, TOAST, toastError, toastSuccess } from "@/components/common/toasts";

/**
 * Account Settings: push notifications on this device (docs/push.md). The switch reads the browser's
 * own subscription; turning it on asks the browser's permission (from this click), off removes this
 * device on the server and in the browser. Other devices keep theirs.
 */
export function PushSection() {
  const [on, setOn] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  // Read after mounting (the server cannot know the browser): null until then.
  const [supported, setSupported] = useState<boolean | null>(null);
  useEffect(() => {
    const can = pushSupported();
    setSupported(can);
    if (!can) return;
    currentSubscription()
      .then((sub) => setOn(Boolean(sub)))
      .catch(() => setOn(false));
  }, []);

  const change = async (wanted: boolean) => {
    setBusy(true);
    try {
      if (wanted) {
        const outcome = await enableDevicePush();
        closePushOffer(false);
        if (outcome === "on") {
          setOn(true);
          toastSuccess(TOAST.pushOn, "We will tell you about draws, wins, payments and prizes on this device.");
        } else if (outcome === "denied") {
          showToast(TOAST.pushOff, "Notifications are blocked for this site in your browser.", "warning");
        } else showToast(TOAST.pushUnavailable, "This browser cannot receive push notifications right now.", "warning");
      } else {
        await disableDevicePush();
        setOn(false);
        toastSuccess(TOAST.pushOff, "This device gets no push notifications now.");
      }
    } catch (error) {
      toastError(TOAST.couldNotSave, error, "Could not change push notifications.");
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="sm" data-testid="push-settings">
      <Title order={4}>Push notifications</Title>
      {supported === false ? (
        <Text size="sm" c="dimmed">
          This browser cannot receive push notifications.
        </Text>
      ) : (
        <Switch
          label="Push notifications on this device"
          description="Draw results, instant wins, approved payments, paid withdrawals and shipped prizes."
          checked={on ?? false}
          disabled={on === null || busy}
          onChange={(e) => void change(e.currentTarget.checked)}
        />
      )}
    </Stack>
  );
}
