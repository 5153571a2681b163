"use client";

import { Anchor, Button, Group, Stack, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { IntentLink } from "@/components/common/links";
import { useRouter, useSearchParams } from "next/navigation";
import { lazy, Suspense, useState } from "react";
import { DELAYS } from "@/shared/constants";
import type { LoginInput } from "@/shared/schemas/auth";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { trpc } from "@/trpc/react";
import { AuthCard } from "./AuthCard";
import { AuthPageGuard } from "./AuthPageGuard";
import { safeNext } from "./next";
import { TOAST, toastError, toastSuccess } from "@/components/common/toasts";
import { CurrentPasswordField, EmailField } from "@/components/common/AuthFields";
import { useSchemasOnDemand } from "@/components/common/useSchemasOnDemand";
import { markInputsByPath, useTypedBeforeHydration } from "@/components/common/useTypedBeforeHydration";

/** The sign-in page ships no zod: the schemas load when the visitor first touches the form. */
const loadAuthSchemas = () => import("@/shared/schemas/auth");
/** The two-factor step (and Mantine's input it uses) loads only for an account that asks for a code. */
const loadTwoFactorStep = () => import("./TwoFactorStep");
const TwoFactorStep = lazy(() => loadTwoFactorStep().then((m) => ({ default: m.TwoFactorStep })));

export function LoginForm() {
  const router = useRouter();
  // A visitor sent here from a footer link goes on to where it pointed (/?category=…, /?support=1).
  const next = safeNext(useSearchParams().get("next"));
  const queryClient = useQueryClient();
  const [done, setDone] = useState(false);
  const schemas = useSchemasOnDemand(loadAuthSchemas);
  const form = useForm<LoginInput>({
    initialValues: { email: "", password: "" },
    validate: schemas.resolver((m) => m.loginSchema),
    validateInputOnBlur: true,
    enhanceGetInputProps: markInputsByPath,
  });
  const formRef = useTypedBeforeHydration(form);
  // Accounts with two-factor on (admins) answer the password with a request for the code.
  const [needsCode, setNeedsCode] = useState(false);
  const signedIn = async () => {
    setDone(true);
    toastSuccess(TOAST.loginSuccessful, "Welcome back!");
    await queryClient.invalidateQueries(trpc.auth.me.pathFilter());
    setTimeout(() => {
      router.push(next);
      router.refresh();
    }, DELAYS.afterLogin);
  };
  const login = useMutation(
    trpc.auth.login.mutationOptions({
      onSuccess: async (answer) => {
        if ("twoFactorRequired" in answer) {
          await loadTwoFactorStep();
          setNeedsCode(true);
          return;
        }
        await signedIn();
      },
      onError: (error) => toastError(TOAST.loginFailed, error, "Invalid email or password. Please try again."),
    }),
  );
  if (needsCode) {
    return (
      <AuthPageGuard hold={done}>
        <Suspense>
          <TwoFactorStep
            schemas={schemas}
            done={done}
            onVerified={signedIn}
            onBack={() => {
              setNeedsCode(false);
              form.setFieldValue("password", "");
            }}
          />
        </Suspense>
      </AuthPageGuard>
    );
  }

  return (
    <AuthPageGuard hold={done}>
      <AuthCard title="Welcome Back" subtitle="Sign in to enter contests and spin the wheel">
        <form
          ref={formRef}
          {...schemas.formProps((m) => form.onSubmit((values) => login.mutate(m.loginSchema.parse(values)))())}
          noValidate
        >
          <Stack>
            <EmailField key={form.key("email")} {...form.getInputProps("email")} />
            <CurrentPasswordField
              label="Password"
              placeholder="Your password"
              required
              key={form.key("password")}
              {...form.getInputProps("password")}
            />
            <Group justify="flex-end">
              <Anchor component={IntentLink} href="/forgot-password" size="sm">
                Forgot password?
              </Anchor>
            </Group>
            <Button type="submit" fullWidth loading={login.isPending || done}>
              Sign In
            </Button>
            <Text size="sm" ta="center">
              Don&apos;t have an account?{" "}
              <Anchor component={IntentLink} href="/signup">
                Sign up
              </Anchor>
            </Text>
          </Stack>
        </form>
      </AuthCard>
    </AuthPageGuard>
  );
}
