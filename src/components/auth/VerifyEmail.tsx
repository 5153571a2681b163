"use client";

import { Anchor, Button, Stack, Text } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { IntentLink } from "@/components/common/links";
import { EMAIL_VERIFY_MESSAGES, verifyEmailSchema } from "@/shared/schemas/email";
import { trpc } from "@/trpc/react";
import { AuthCard } from "./AuthCard";

/**
 * /verify-email?token=…: the link mailed to a new address (docs/email.md "Verified addresses"). The
 * address is verified by the button, not by opening the page, so a mail scanner that fetches the
 * link verifies nothing. No session needed: the link proves the mailbox.
 */
export function VerifyEmail({ token }: { token: string }) {
  const verify = useMutation(trpc.auth.verifyEmail.mutationOptions());
  const tokenOk = verifyEmailSchema.safeParse({ token }).success;
  return (
    <AuthCard title="Verify your e-mail address" subtitle="Confirm the address your Prize Contests account uses">
      <Stack>
        {verify.isSuccess ? (
          <Text data-testid="email-verified" role="status">
            {verify.data.message}
          </Text>
        ) : tokenOk ? (
          <>
            {verify.isError && (
              <Text c="red.9" role="alert">
                {verify.error.message}
              </Text>
            )}
            <Button fullWidth loading={verify.isPending} onClick={() => verify.mutate({ token })}>
              Verify my e-mail address
            </Button>
          </>
        ) : (
          <Text c="red.9" role="alert">
            {EMAIL_VERIFY_MESSAGES.invalid}
          </Text>
        )}
        <Text size="sm" ta="center">
          <Anchor component={IntentLink} href="/">
            Go to the home page
          </Anchor>
        </Text>
      </Stack>
    </AuthCard>
  );
}
