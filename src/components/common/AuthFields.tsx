"use client";

import { LightPasswordInput, type LightInputProps, LightTextInput } from "./LightInputs";

/**
 * The field groups the account forms share (sign-up, sign-in, recovery, reset link, account
 * settings), so a label, an autocomplete hint or a rule reads the same everywhere.
 * `form` is a Mantine form; each group names the paths it binds. They are light inputs
 * (LightInputs.tsx): this module is on the sign-in page's first load, where Mantine's inputs cost
 * points on a slow phone; the two-factor code field is in AuthCodeField.tsx, loaded when asked for.
 */
export type BoundForm = {
  key: (path: string) => string;
  getInputProps: (path: string) => object;
};

/** The account email: type, autocomplete and placeholder as every form uses them. */
export function EmailField(props: Partial<LightInputProps>) {
  return <LightTextInput label="Email" type="email" autoComplete="email" placeholder="you@example.com" required {...props} />;
}

/** The password the account has now: sign-in and the settings that ask for it again. */
export function CurrentPasswordField(props: Partial<Omit<LightInputProps, "type">>) {
  return <LightPasswordInput label="Current password" autoComplete="current-password" {...props} />;
}

/** A new password and its confirmation (`password` and `confirmPassword` unless named otherwise). */
export function NewPasswordFields({
  form,
  label = "New password",
  confirmLabel = "Confirm new password",
  required = true,
  paths = { password: "password", confirm: "confirmPassword" },
}: {
  form: BoundForm;
  label?: string;
  confirmLabel?: string;
  required?: boolean;
  paths?: { password: string; confirm: string };
}) {
  return (
    [
      [label, paths.password],
      [confirmLabel, paths.confirm],
    ] as const
  ).map(([fieldLabel, path]) => (
    <LightPasswordInput
      label={fieldLabel}
      autoComplete="new-password"
      required={required}
      key={form.key(path)}
      {...form.getInputProps(path)}
    />
  ));
}
