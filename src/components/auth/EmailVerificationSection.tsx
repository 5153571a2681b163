"use client";

import { Button, Stack, Text, Title } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { trpc } from "@/trpc/react";
import { TOAST, toastError, toastSuccess } from "@/components/common/toasts";

/**
 * Account Settings while the address is not verified (docs/email.md "Verified addresses"): what waits
 * for the link, and "Send the link again" (limited per account and address on the server).
 */
export function EmailVerificationSection({ email }: { email: string }) {
  const resend = useMutation(
    trpc.auth.requestEmailVerification.mutationOptions({
      onSuccess: (answer) => toastSuccess(TOAST.verificationSent, answer.message),
      onError: (e) => toastError(TOAST.verificationNotSent, e, "Could not send the link. Please try again later."),
    }),
  );
  return (
    <Stack gap="xs" data-testid="email-verification">
      <Title order={4}>Verify your e-mail address</Title>
      <Text size="sm">
        We sent a link to {email}. Until you follow it we send that address only sign-in and security e-mails; receipts, draw
        results and news about your money wait, and go out once it is verified.
      </Text>
      <Button variant="default" loading={resend.isPending} onClick={() => resend.mutate()} style={{ alignSelf: "flex-start" }}>
        Send the link again
      </Button>
    </Stack>
  );
}
