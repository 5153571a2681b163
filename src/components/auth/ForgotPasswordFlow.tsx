"use client";

import { Anchor, Button, Group, Stack, Text } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { IntentLink } from "@/components/common/links";
import { useState } from "react";
import { DELAYS } from "@/shared/constants";
import type { ForgotPasswordResult } from "@/shared/schemas/auth";
import { useMutation } from "@tanstack/react-query";
import { trpc } from "@/trpc/react";
import { AuthCard } from "./AuthCard";
import { StepProgress } from "./StepProgress";
import { AuthPageGuard } from "./AuthPageGuard";
import { useSignInNext } from "./useSignInNext";
import { dismissToasts, TOAST, toastError } from "@/components/common/toasts";
import { EmailField, NewPasswordFields } from "@/components/common/AuthFields";
import { LightTextInput } from "@/components/common/LightInputs";
import { useSchemasOnDemand } from "@/components/common/useSchemasOnDemand";
import { markInputsByPath, useTypedBeforeHydration } from "@/components/common/useTypedBeforeHydration";

type Step = "email" | "security" | "reset";

/** The page ships no zod: the schemas load when the visitor first touches the form (as sign-in's). */
const loadAuthSchemas = () => import("@/shared/schemas/auth");
const STEP_INDEX: Record<Step, number> = { email: 0, security: 1, reset: 2 };
const STEPS = ["Email", "Security", "New password"] as const;

/** Password recovery (docs/product.md §2): email -> security question -> new password. */
export function ForgotPasswordFlow() {
  const [step, setStep] = useState<Step>("email");
  const [account, setAccount] = useState<ForgotPasswordResult | null>(null);
  const [done, outcome] = useSignInNext(
    [TOAST.passwordResetSuccessful, "You can now sign in with your new password."],
    [TOAST.passwordResetFailed, "Failed to reset password. Please try again."],
    DELAYS.afterReset,
  );

  const schemas = useSchemasOnDemand(loadAuthSchemas);
  const emailForm = useForm({
    initialValues: { email: "" },
    validate: schemas.resolver((m) => m.forgotPasswordSchema),
    enhanceGetInputProps: markInputsByPath,
  });
  const emailFormRef = useTypedBeforeHydration(emailForm);
  const answerForm = useForm({
    initialValues: { securityAnswer: "" },
    validate: (v) => {
      const m = schemas.current();
      return m ? schemaResolver(m.verifySecuritySchema, { sync: true })({ email: account?.email ?? "", ...v }) : {};
    },
  });
  const resetForm = useForm({
    initialValues: { password: "", confirmPassword: "" },
    validate: schemas.resolver((m) => m.resetPasswordFormSchema),
    validateInputOnBlur: true,
  });

  const lookup = useMutation(
    trpc.auth.forgotPassword.mutationOptions({
      onSuccess: (data) => {
        setAccount(data);
        answerForm.reset();
        dismissToasts(); // "Email Not Found" from an earlier try no longer applies
        setStep("security");
      },
      onError: (error) => toastError(TOAST.emailNotFound, error, "Email not found. Please check your email address."),
    }),
  );
  const verify = useMutation(
    trpc.auth.verifySecurity.mutationOptions({
      onSuccess: () => {
        dismissToasts();
        setStep("reset");
      },
      onError: (error) => toastError(TOAST.incorrectAnswer, error, "Security answer is incorrect. Please try again."),
    }),
  );
  const reset = useMutation(trpc.auth.resetPassword.mutationOptions(outcome));

  return (
    <AuthPageGuard hold={done}>
      <AuthCard title="Reset Your Password" subtitle="Answer your security question to choose a new password">
        <StepProgress steps={STEPS} active={STEP_INDEX[step]} label="Password reset steps" />

        {step === "email" && (
          <form
            ref={emailFormRef}
            {...schemas.formProps((m) => emailForm.onSubmit((v) => lookup.mutate(m.forgotPasswordSchema.parse(v)))())}
            noValidate
          >
            <Stack>
              <EmailField key={emailForm.key("email")} {...emailForm.getInputProps("email")} />
              <Button type="submit" fullWidth loading={lookup.isPending}>
                Continue
              </Button>
            </Stack>
          </form>
        )}

        {step === "security" && account && (
          <form
            {...schemas.formProps((m) =>
              answerForm.onSubmit((v) => verify.mutate(m.verifySecuritySchema.parse({ email: account.email, ...v })))(),
            )}
            noValidate
          >
            <Stack>
              <Text size="sm">
                Account: <strong>{account.maskedEmail}</strong>
              </Text>
              <Text fw={600} data-testid="security-question">
                {account.securityQuestion}
              </Text>
              <LightTextInput
                label="Your answer"
                autoComplete="off"
                required
                key={answerForm.key("securityAnswer")}
                {...answerForm.getInputProps("securityAnswer")}
              />
              <Group grow>
                <Button variant="default" onClick={() => setStep("email")}>
                  Back
                </Button>
                <Button type="submit" loading={verify.isPending}>
                  Verify Answer
                </Button>
              </Group>
            </Stack>
          </form>
        )}

        {step === "reset" && account && (
          <form
            {...schemas.formProps((m) =>
              resetForm.onSubmit((v) =>
                reset.mutate({ email: account.email, password: m.resetPasswordFormSchema.parse(v).password }),
              )(),
            )}
            noValidate
          >
            <Stack>
              <NewPasswordFields form={resetForm} />
              <Button type="submit" fullWidth loading={reset.isPending || done}>
                Reset Password
              </Button>
            </Stack>
          </form>
        )}

        <Text size="sm" ta="center" mt="lg">
          Remembered it?{" "}
          <Anchor component={IntentLink} href="/login">
            Back to sign in
          </Anchor>
        </Text>
      </AuthCard>
    </AuthPageGuard>
  );
}
