"use client";

import { Anchor, Button, Stack, Text } from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { IntentLink } from "@/components/common/links";
import { trpc } from "@/trpc/react";
import { AuthCard } from "./AuthCard";

/**
 * /verify-email?token=…: the link mailed to a new address (docs/email.md "Verified addresses"). The
 * address is verified by the button, not by opening the page, so a mail scanner that fetches the
 * link verifies nothing. No session needed: the link proves the mailbox. `linkProblem`: why the link
 * cannot be used, decided on the server from the token's form (so the page ships no zod); null for a
 * well-formed link, which the server checks again when it is used.
 */
export function VerifyEmail({ token, linkProblem }: { token: string; linkProblem: string | null }) {
  const verify = useMutation(trpc.auth.verifyEmail.mutationOptions());
  return (
    <AuthCard title="Verify your e-mail address" subtitle="Confirm the address your Prize Contests account uses">
      <Stack>
        {verify.isSuccess ? (
          <Text data-testid="email-verified" role="status">
            {verify.data.message}
          </Text>
        ) : linkProblem === null ? (
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
            {linkProblem}
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
