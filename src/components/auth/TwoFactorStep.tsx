"use client";

import { Button, Stack } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation } from "@tanstack/react-query";
import { AuthCodeField } from "@/components/common/AuthCodeField";
import { TOAST, toastError } from "@/components/common/toasts";
import type { useSchemasOnDemand } from "@/components/common/useSchemasOnDemand";
import { trpc } from "@/trpc/react";
import { AuthCard } from "./AuthCard";

/**
 * Sign-in's second step, for accounts with two-factor on (admins): the code, or a backup code.
 * Its own module, loaded when the password is answered with a request for the code (LoginForm.tsx,
 * and a reset link's new password, ResetPasswordWithLink.tsx): most players never see it, so those
 * pages do not ship its field.
 */
export function TwoFactorStep({
  schemas,
  done,
  onVerified,
  onBack,
  subtitle = "Enter the 6-digit code from your authenticator app",
}: {
  /** The auth schemas, loaded by the sign-in form before its first submit. */
  schemas: ReturnType<typeof useSchemasOnDemand<typeof import("@/shared/schemas/auth")>>;
  /** Signed in: the form stays as it is while the success toast and its delay run. */
  done: boolean;
  onVerified: () => Promise<void>;
  /** Back to email and password (another account, a mistyped password); none after a reset link. */
  onBack?: () => void;
  subtitle?: string;
}) {
  const codeForm = useForm({
    initialValues: { code: "" },
    validate: schemas.resolver((m) => m.twoFactorCodeSchema),
  });
  const verify = useMutation(
    trpc.auth.verifyTwoFactor.mutationOptions({
      onSuccess: onVerified,
      onError: (error) => toastError(TOAST.loginFailed, error, "Invalid authentication code. Please try again."),
    }),
  );
  return (
    <AuthCard title="Two-factor authentication" subtitle={subtitle}>
      <form {...schemas.formProps((m) => codeForm.onSubmit((v) => verify.mutate(m.twoFactorCodeSchema.parse(v)))())} noValidate>
        <Stack>
          <AuthCodeField
            description="Lost your device? Enter one of your backup codes."
            required
            data-autofocus
            key={codeForm.key("code")}
            {...codeForm.getInputProps("code")}
          />
          <Button type="submit" fullWidth loading={verify.isPending || done}>
            Verify
          </Button>
          {/* A way back (another account, a mistyped password): signing in again starts a new attempt. */}
          {onBack && (
            <Button variant="subtle" fullWidth disabled={verify.isPending || done} onClick={onBack}>
              Back to sign in
            </Button>
          )}
        </Stack>
      </form>
    </AuthCard>
  );
}
