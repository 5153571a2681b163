"use client";

import { Anchor, Button, Stack, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IntentLink } from "@/components/common/links";
import { lazy, Suspense, useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { trpc } from "@/trpc/react";
import { AuthCard } from "./AuthCard";
import { TOAST, toastError, toastSuccess } from "@/components/common/toasts";
import { NewPasswordFields } from "@/components/common/AuthFields";
import { useSchemasOnDemand } from "@/components/common/useSchemasOnDemand";
import { markInputsByPath, useTypedBeforeHydration } from "@/components/common/useTypedBeforeHydration";

/** No zod on the link's first load: each step's schemas load when its form is first touched. */
const loadEmailSchemas = () => import("@/shared/schemas/email");
const loadAuthSchemas = () => import("@/shared/schemas/auth");
/** The code step (and Mantine's input it uses) loads only for an account with two-factor on. */
const loadTwoFactorStep = () => import("./TwoFactorStep");
const TwoFactorStep = lazy(() => loadTwoFactorStep().then((m) => ({ default: m.TwoFactorStep })));

/**
 * /reset-password?token=…: choose a new password from an emailed link, then signed in (docs/email.md).
 * `linkProblem`: why the link cannot be used, decided on the server from the token's form (the
 * server decides again when it is used); null for a well-formed link.
 */
export function ResetPasswordWithLink({ token, linkProblem }: { token: string; linkProblem: string | null }) {
  const [done, setDone] = useState(false);
  const schemas = useSchemasOnDemand(loadEmailSchemas);
  const codeSchemas = useSchemasOnDemand(loadAuthSchemas);
  const form = useForm({
    initialValues: { password: "", confirmPassword: "" },
    validate: schemas.resolver((m) => m.resetWithTokenFormSchema),
    validateInputOnBlur: true,
    enhanceGetInputProps: markInputsByPath,
  });
  const formRef = useTypedBeforeHydration(form);
  const signedIn = async () => {
    setDone(true);
    toastSuccess(TOAST.passwordResetSuccessful, "You are signed in with your new password.");
    // A full load: the new session cookie is read by the server-rendered header and pages.
    window.location.assign("/");
  };
  // Accounts with two-factor on: the link does not replace the code (the session owes it).
  const [needsCode, setNeedsCode] = useState(false);
  const reset = useMutation(
    trpc.auth.resetWithLink.mutationOptions({
      onSuccess: async (answer) => {
        if (!("twoFactorRequired" in answer)) return signedIn();
        await loadTwoFactorStep();
        setNeedsCode(true);
      },
      onError: (error) => toastError(TOAST.passwordResetFailed, error, "This reset link is invalid or has expired."),
    }),
  );

  if (needsCode) {
    return (
      <Suspense>
        <TwoFactorStep
          schemas={codeSchemas}
          done={done}
          onVerified={signedIn}
          subtitle="Your password is changed. Enter the code from your authenticator app"
        />
      </Suspense>
    );
  }

  return (
    <AuthCard title="Choose a New Password" subtitle="Set the new password for your account">
      {linkProblem === null ? (
        <form
          ref={formRef}
          {...schemas.formProps((m) =>
            form.onSubmit((v) => reset.mutate({ token, password: m.resetWithTokenFormSchema.parse(v).password }))(),
          )}
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
        <Text c="red.9" role="alert">
          {linkProblem}
        </Text>
      )}
      <Text size="sm" ta="center" mt="lg">
        <Anchor component={IntentLink} href="/forgot-password">
          Ask for a new link
        </Anchor>
      </Text>
    </AuthCard>
  );
}
