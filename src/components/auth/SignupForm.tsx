"use client";

import { Anchor, Button, Group, Stack, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IntentLink } from "@/components/common/links";
import { useState } from "react";
import { DELAYS } from "@/shared/constants";
import { AGE_MESSAGES } from "@/shared/responsible-play-messages";
import { useMutation } from "@tanstack/react-query";
import { trpc } from "@/trpc/react";
import { AuthCard } from "./AuthCard";
import { AuthPageGuard } from "./AuthPageGuard";
import { useSignInNext } from "./useSignInNext";
import { TOAST } from "@/components/common/toasts";
import { EmailField, NewPasswordFields } from "@/components/common/AuthFields";
import { SecurityQuestionFields } from "@/components/common/SecurityQuestionFields";
import { LightCheckbox, LightTextInput } from "@/components/common/LightInputs";
import { useSchemasOnDemand } from "@/components/common/useSchemasOnDemand";
import { markInputsByPath, useTypedBeforeHydration } from "@/components/common/useTypedBeforeHydration";
import { EMPTY_LIMIT_DRAFT, type LimitDraft, SpendLimitFields } from "../common/SpendLimitFields";
import { SupportLinks } from "../common/SupportLinks";

/**
 * The sign-up page ships no zod and none of Mantine's inputs (docs/performance.md "First load"): its
 * fields are light (LightInputs.tsx), and the schemas (the account's and the spend limit's) load when
 * the visitor first touches the form.
 */
const loadSignupRules = () =>
  Promise.all([import("@/shared/schemas/auth"), import("../common/spendLimitDraft")]).then(([auth, limit]) => ({
    signupSchema: auth.signupSchema,
    limitDraftInput: limit.limitDraftInput,
  }));

type SignupValues = {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  confirmPassword: string;
  securityQuestion: string | null;
  securityAnswer: string;
  dateOfBirth: string;
  marketingEmail: boolean;
};

export function SignupForm() {
  const [done, outcome] = useSignInNext(
    [TOAST.accountCreated, "You can now sign in with your email and password."],
    [TOAST.signUpFailed, "Failed to create account. Please try again."],
    DELAYS.afterSignup,
  );
  // The spend-limit prompt (docs/fair-play.md "Safer play"): a limit, $0 included, or "no limit for now".
  const [limit, setLimit] = useState<LimitDraft>(EMPTY_LIMIT_DRAFT);
  const [limitError, setLimitError] = useState<string | undefined>();
  const onLimit = (next: LimitDraft) => {
    setLimit(next);
    if (limitError) setLimitError(undefined);
  };
  const rules = useSchemasOnDemand(loadSignupRules);
  const schemaErrors = rules.resolver((m) => m.signupSchema);
  const form = useForm<SignupValues>({
    initialValues: {
      firstName: "",
      lastName: "",
      email: "",
      password: "",
      confirmPassword: "",
      securityQuestion: null,
      securityAnswer: "",
      dateOfBirth: "",
      marketingEmail: false,
    },
    // The shared schema, plus: the form always asks the date of birth (REST clients may omit it).
    validate: (values) => {
      const errors: Record<string, React.ReactNode> = { ...schemaErrors(values) };
      if (!values.dateOfBirth) errors.dateOfBirth = AGE_MESSAGES.required;
      return errors;
    },
    validateInputOnBlur: true,
    enhanceGetInputProps: markInputsByPath,
  });
  const formRef = useTypedBeforeHydration(form);
  const signup = useMutation(trpc.auth.signup.mutationOptions(outcome));

  return (
    <AuthPageGuard hold={done}>
      <AuthCard title="Create Your Account" subtitle="Join now and start winning. No verification needed.">
        <form
          ref={formRef}
          {...rules.formProps((m) => {
            const answer = m.limitDraftInput(limit);
            setLimitError("error" in answer ? answer.error : undefined);
            form.onSubmit((values) => {
              if ("input" in answer) signup.mutate({ ...m.signupSchema.parse(values), spendLimit: answer.input });
            })();
          })}
          noValidate
        >
          <Stack>
            <Group grow align="flex-start">
              <LightTextInput
                label="First name"
                autoComplete="given-name"
                required
                key={form.key("firstName")}
                {...form.getInputProps("firstName")}
              />
              <LightTextInput
                label="Last name"
                autoComplete="family-name"
                required
                key={form.key("lastName")}
                {...form.getInputProps("lastName")}
              />
            </Group>
            <EmailField key={form.key("email")} {...form.getInputProps("email")} />
            <NewPasswordFields form={form} label="Password" confirmLabel="Confirm password" />
            <SecurityQuestionFields
              form={form}
              placeholder="Select a security question"
              answerLabel="Security answer"
              answerDescription="Used to recover your password. Not case-sensitive."
              required
            />
            <LightTextInput
              label="Date of birth"
              description="You must be 18 or over to play."
              type="date"
              autoComplete="bday"
              required
              key={form.key("dateOfBirth")}
              {...form.getInputProps("dateOfBirth")}
            />
            <SpendLimitFields value={limit} onChange={onLimit} error={limitError} />
            <LightCheckbox
              label="Send me offers and news by e-mail"
              description="Optional. Stop any time in Account Settings or from any offer's unsubscribe link."
              key={form.key("marketingEmail")}
              {...form.getInputProps("marketingEmail", { type: "checkbox" })}
            />
            <SupportLinks compact />
            <Button type="submit" fullWidth loading={signup.isPending || done}>
              Create Account
            </Button>
            <Text size="sm" ta="center">
              Already have an account?{" "}
              <Anchor component={IntentLink} href="/login">
                Sign in
              </Anchor>
            </Text>
          </Stack>
        </form>
      </AuthCard>
    </AuthPageGuard>
  );
}
