"use client";

import { Alert, Button, Container, Paper, Stack, Text, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import { trpc } from "@/trpc/react";
import { TOAST, toastError } from "@/components/common/toasts";
import { EmailField } from "@/components/common/AuthFields";
import { markInputsByPath, useTypedBeforeHydration } from "@/components/common/useTypedBeforeHydration";
import { useSchemasOnDemand } from "@/components/common/useSchemasOnDemand";

/** No zod on the recovery page's first load: the schema loads when the form is first touched. */
const loadEmailSchemas = () => import("@/shared/schemas/email");

/** The emailed alternative to the security question (docs/email.md): one answer for every email. */
export function ResetLinkRequest() {
  const [sent, setSent] = useState<string | null>(null);
  const schemas = useSchemasOnDemand(loadEmailSchemas);
  const form = useForm({
    initialValues: { email: "" },
    validate: schemas.resolver((m) => m.resetLinkRequestSchema),
    enhanceGetInputProps: markInputsByPath,
  });
  const formRef = useTypedBeforeHydration(form);
  const request = useMutation(
    trpc.auth.requestResetLink.mutationOptions({
      onSuccess: (data) => setSent(data.message),
      onError: (error) => toastError(TOAST.resetLinkFailed, error, "Could not send a reset link. Please try again."),
    }),
  );

  return (
    <Container size={460} pb={48}>
      <Paper withBorder p="xl" radius="md">
        <Stack>
          <Title order={2} size="h4">
            Or get a reset link by email
          </Title>
          {sent ? (
            <Alert color="green" data-testid="reset-link-sent">
              {sent}
            </Alert>
          ) : (
            <form
              ref={formRef}
              {...schemas.formProps((m) => form.onSubmit((v) => request.mutate(m.resetLinkRequestSchema.parse(v)))())}
              noValidate
            >
              <Stack>
                <Text size="sm" c="dimmed">
                  We will email a link that lets you choose a new password. It works once, for 30 minutes.
                </Text>
                <EmailField label="Account email" key={form.key("email")} {...form.getInputProps("email")} />
                <Button type="submit" variant="light" fullWidth loading={request.isPending}>
                  Email me a reset link
                </Button>
              </Stack>
            </form>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
