"use client";

import { Button, Divider, Modal, Stack, Text, TextInput, Title } from "@mantine/core";
import { Spinner } from "@/components/common/QueryState";
import { schemaResolver, useForm } from "@mantine/form";
import { useEffect } from "react";
import { changePasswordSchema, changeSecuritySchema, updateProfileSchema } from "@/shared/schemas/auth";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { trpc } from "@/trpc/react";
import { TwoFactorSection } from "./TwoFactorSection";
import { useCurrentUser } from "../common/useCurrentUser";
import { EmailPreferencesSection } from "./EmailPreferencesSection";
import { PushSection } from "./PushSection";
import { MarketingConsentSection } from "./MarketingConsentSection";
import { EmailVerificationSection } from "./EmailVerificationSection";
import { openAccountDialog, useOpenAfterMount } from "../common/dialogs";
import { TOAST, toastError, toastSuccess } from "@/components/common/toasts";
import { CurrentPasswordField, NewPasswordFields } from "@/components/common/AuthFields";
import { SecurityQuestionFields } from "@/components/common/SecurityQuestionFields";
import { CloseAccountSection } from "./CloseAccountSection";
import { useInvalidate } from "@/components/common/useInvalidate";

/** Account Settings: display name, password (needs the current one), security question and answer. */
export function AccountSettingsDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const shown = useOpenAfterMount(opened);
  return (
    <Modal opened={shown} onClose={onClose} title="Account Settings" size="md">
      {opened && <AccountSettingsBody />}
    </Modal>
  );
}

function AccountSettingsBody() {
  const queryClient = useQueryClient();
  const invalidate = useInvalidate();
  const settings = useQuery(trpc.auth.settings.queryOptions(undefined, { staleTime: 0 }));
  const isAdmin = useCurrentUser().user?.isAdmin ?? false;

  const profile = useForm({ initialValues: { displayName: "" }, validate: schemaResolver(updateProfileSchema, { sync: true }) });
  const password = useForm({
    initialValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
    validate: schemaResolver(changePasswordSchema, { sync: true }),
  });
  const security = useForm<{ currentPassword: string; securityQuestion: string | null; securityAnswer: string }>({
    initialValues: { currentPassword: "", securityQuestion: null, securityAnswer: "" },
    validate: schemaResolver(changeSecuritySchema, { sync: true }),
  });

  const data = settings.data;
  // Filled when the saved values change, not on every refetch (its dates make each answer a new object,
  // and refilling then lost an edit in progress: src/components/common/useServerDraft.ts).
  const savedName = data ? (data.displayName ?? "") : undefined;
  const savedQuestion = data?.securityQuestion;
  // biome-ignore lint/correctness/useExhaustiveDependencies: fill the forms when the saved values change
  useEffect(() => {
    if (savedName === undefined) return;
    profile.setValues({ displayName: savedName });
    profile.resetDirty();
    security.setFieldValue("securityQuestion", savedQuestion ?? null);
  }, [savedName, savedQuestion]);

  const updateProfile = useMutation(
    trpc.auth.updateProfile.mutationOptions({
      onSuccess: async () => {
        toastSuccess(TOAST.profileUpdated, "Your display name has been saved.");
        await invalidate(trpc.auth.me, trpc.auth.settings);
      },
      onError: (e) => toastError(TOAST.updateFailed, e, "Failed to update your profile."),
    }),
  );
  const changePassword = useMutation(
    trpc.auth.changePassword.mutationOptions({
      onSuccess: () => {
        toastSuccess(TOAST.passwordChanged, "Your other sessions have been signed out.");
        password.reset();
      },
      onError: (e) => toastError(TOAST.updateFailed, e, "Failed to change your password."),
    }),
  );
  const changeSecurity = useMutation(
    trpc.auth.changeSecurity.mutationOptions({
      onSuccess: async () => {
        toastSuccess(TOAST.securityQuestionUpdated, "Use your new answer to recover your password.");
        security.setValues({ currentPassword: "", securityAnswer: "" });
        await queryClient.invalidateQueries(trpc.auth.settings.pathFilter());
      },
      onError: (e) => toastError(TOAST.updateFailed, e, "Failed to update your security question."),
    }),
  );

  if (settings.isLoading) {
    return (
      <Stack align="center" py="xl">
        <Spinner label="Loading" />
      </Stack>
    );
  }
  if (!data) return <Text c="red">Could not load your settings.</Text>;

  return (
    <Stack gap="lg">
      <Text size="sm" c="dimmed">
        Signed in as {data.email} ({data.firstName} {data.lastName})
      </Text>
      {!data.emailVerified && (
        <>
          <EmailVerificationSection email={data.email} />
          <Divider />
        </>
      )}

      <form onSubmit={profile.onSubmit((v) => updateProfile.mutate(updateProfileSchema.parse(v)))} noValidate>
        <Stack gap="sm">
          <Title order={4}>Display name</Title>
          <TextInput
            label="Display name"
            description="Shown in the header instead of your first and last name. Leave empty to use them."
            key={profile.key("displayName")}
            {...profile.getInputProps("displayName")}
          />
          <Button type="submit" loading={updateProfile.isPending} style={{ alignSelf: "flex-start" }}>
            Save name
          </Button>
        </Stack>
      </form>

      <Divider />
      <form onSubmit={password.onSubmit((v) => changePassword.mutate(changePasswordSchema.parse(v)))} noValidate>
        <Stack gap="sm">
          <Title order={4}>Password</Title>
          <CurrentPasswordField key={password.key("currentPassword")} {...password.getInputProps("currentPassword")} />
          <NewPasswordFields form={password} required={false} paths={{ password: "newPassword", confirm: "confirmPassword" }} />
          <Button type="submit" loading={changePassword.isPending} style={{ alignSelf: "flex-start" }}>
            Change password
          </Button>
        </Stack>
      </form>

      <Divider />
      <form onSubmit={security.onSubmit((v) => changeSecurity.mutate(changeSecuritySchema.parse(v)))} noValidate>
        <Stack gap="sm">
          <Title order={4}>Security question</Title>
          <SecurityQuestionFields form={security} answerLabel="New answer" />
          <CurrentPasswordField key={security.key("currentPassword")} {...security.getInputProps("currentPassword")} />
          <Button type="submit" loading={changeSecurity.isPending} style={{ alignSelf: "flex-start" }}>
            Save security question
          </Button>
        </Stack>
      </form>
      {isAdmin && (
        <>
          <Divider />
          <TwoFactorSection />
        </>
      )}

      <Divider />
      <EmailPreferencesSection />
      <MarketingConsentSection />

      <Divider />
      <PushSection />

      <Divider />
      <Stack gap="xs">
        <Title order={4}>Responsible play</Title>
        <Text size="sm" c="dimmed">
          Spend limits, a break from playing (self-exclusion) and your date of birth.
        </Text>
        {/* One dialog at a time (src/components/common/dialogs.ts): this closes Account Settings. */}
        <Button variant="light" onClick={() => openAccountDialog("responsible")} style={{ alignSelf: "flex-start" }}>
          Open Responsible play
        </Button>
      </Stack>

      <Divider />
      <CloseAccountSection />
    </Stack>
  );
}
