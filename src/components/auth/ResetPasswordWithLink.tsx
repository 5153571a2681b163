"use client";

import { Anchor, Button, Stack, Text } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { IntentLink } from "@/components/common/links";
import { useState } from "react";
import { twoFactorCodeSchema } from "@/shared/schemas/auth";
import { resetTokenSchema, resetWithTokenFormSchema } from "@/shared/schemas/email";
import { useMutation } from "@tanstack/react-query";
import { trpc } from "@/trpc/react";
import { AuthCard } from "./AuthCard";
import { TOAST, toastError, toastSuccess } from "@/components/common/toasts";
import { AuthCodeField } from "@/components/common/AuthCodeField";
import { NewPasswordFields } from "@/components/common/AuthFields";
import { markInputsByPath, useTypedBeforeHydration } from "@/components/common/useTypedBeforeHydration";

/** /reset-password?token=…: choose a new password from an emailed link, then signed in (docs/email.md). */
export function ResetPasswordWithLink({ token }: { token: string }) {
  const [done, setDone] = useState(false);
  const form = useForm({
    initialValues: { password: "", confirmPassword: "" },
    validate: schemaResolver(resetWithTokenFormSchema, { sync: true }),
    validateInputOnBlur: true,
    enhanceGetInputProps: markInputsByPath,
  });
  const formRef = useTypedBeforeHydration(form);
  const signedIn = () => {
    setDone(true);
    toastSuccess(TOAST.passwordResetSuccessful, "You are signed in with your new password.");
    // A full load: the new session cookie is read by the server-rendered header and pages.
    window.location.assign("/");
  };
  // Accounts with two-factor on: the link does not replace the code (the session owes it).
  const [needsCode, setNeedsCode] = useState(false);
  const codeForm = useForm({ initialValues: { code: "" }, validate: schemaResolver(twoFactorCodeSchema, { sync: true }) });
  const reset = useMutation(
    trpc.auth.resetWithLink.mutationOptions({
      onSuccess: (answer) => ("twoFactorRequired" in answer ? setNeedsCode(true) : signedIn()),
      onError: (error) => toastError(TOAST.passwordResetFailed, error, "This reset link is invalid or has expired."),
    }),
  );
  const verify = useMutation(
    trpc.auth.verifyTwoFactor.mutationOptions({
      onSuccess: signedIn,
      onError: (error) => toastError(TOAST.loginFailed, error, "Invalid authentication code. Please try again."),
    }),
  );
  const tokenOk = resetTokenSchema.safeParse(token).success;

  if (needsCode) {
    return (
      <AuthCard title="Two-factor authentication" subtitle="Your password is changed. Enter the code from your authenticator app">
        <form onSubmit={codeForm.onSubmit((v) => verify.mutate(twoFactorCodeSchema.parse(v)))} noValidate>
          <Stack>
            <AuthCodeField required key={codeForm.key("code")} {...codeForm.getInputProps("code")} />
            <Button type="submit" fullWidth loading={verify.isPending || done}>
              Verify
            </Button>
          </Stack>
        </form>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Choose a New Password" subtitle="Set the new password for your account">
      {tokenOk ? (
        <form
          ref={formRef}
          onSubmit={form.onSubmit((v) => reset.mutate({ token, password: resetWithTokenFormSchema.parse(v).password }))}
          noValidate
        >
          <Stack>
            <NewPasswordFields form={form} />
            <Button type="submit" fullWidth loading={reset.isPending || done}>
              Set Password and Sign In
            </Button>
          </Stack>
        </form>
      ) : (
        <Text c="red">This reset link is invalid or has expired. Please ask for a new one.</Text>
      )}
      <Text size="sm" ta="center" mt="lg">
        <Anchor component={IntentLink} href="/forgot-password">
          Ask for a new link
        </Anchor>
      </Text>
    </AuthCard>
  );
}
