"use client";

import { Anchor, Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { DELAYS } from "@/shared/constants";
import { type LoginInput, loginSchema } from "@/shared/schemas/auth";
import { api } from "@/trpc/react";
import { zodResolver } from "../forms/zodResolver";
import { AuthCard } from "./AuthCard";
import { AuthPageGuard } from "./AuthPageGuard";
import { PasswordField } from "./PasswordField";
import { toastError, toastSuccess } from "./toasts";

export function LoginForm() {
  const router = useRouter();
  const utils = api.useUtils();
  const [done, setDone] = useState(false);
  const form = useForm<LoginInput>({
    initialValues: { email: "", password: "" },
    validate: zodResolver(loginSchema),
    validateInputOnBlur: true,
  });
  const login = api.auth.login.useMutation({
    onSuccess: async () => {
      setDone(true);
      toastSuccess("Login Successful", "Welcome back!");
      await utils.auth.me.invalidate();
      setTimeout(() => {
        router.push("/");
        router.refresh();
      }, DELAYS.afterLogin);
    },
    onError: (error) => toastError("Login Failed", error, "Invalid email or password. Please try again."),
  });

  return (
    <AuthPageGuard hold={done}>
      <AuthCard title="Welcome Back" subtitle="Sign in to enter contests and spin the wheel">
        <form onSubmit={form.onSubmit((values) => login.mutate(loginSchema.parse(values)))} noValidate>
          <Stack>
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              placeholder="you@example.com"
              required
              key={form.key("email")}
              {...form.getInputProps("email")}
            />
            <PasswordField
              label="Password"
              autoComplete="current-password"
              placeholder="Your password"
              required
              key={form.key("password")}
              {...form.getInputProps("password")}
            />
            <Group justify="flex-end">
              <Anchor component={Link} href="/forgot-password" size="sm">
                Forgot password?
              </Anchor>
            </Group>
            <Button type="submit" fullWidth loading={login.isPending || done}>
              Sign In
            </Button>
            <Text size="sm" ta="center">
              Don&apos;t have an account?{" "}
              <Anchor component={Link} href="/signup">
                Sign up
              </Anchor>
            </Text>
          </Stack>
        </form>
      </AuthCard>
    </AuthPageGuard>
  );
}
