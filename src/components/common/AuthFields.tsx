"use client";

import { Anchor, type PasswordInputProps, TextInput, type TextInputProps } from "@mantine/core";
import { useState } from "react";
import { PasswordField } from "./PasswordField";

/**
 * The field groups the account forms share (sign-up, sign-in, recovery, reset link, account
 * settings), so a label, an autocomplete hint or a rule reads the same everywhere.
 * `form` is a Mantine form; each group names the paths it binds.
 */
export type BoundForm = {
  key: (path: string) => string;
  getInputProps: (path: string) => object;
};

/** The account email: type, autocomplete and placeholder as every form uses them. */
export function EmailField(props: TextInputProps) {
  return <TextInput label="Email" type="email" autoComplete="email" placeholder="you@example.com" required {...props} />;
}

/** The password the account has now: sign-in and the settings that ask for it again. */
export function CurrentPasswordField(props: PasswordInputProps) {
  return <PasswordField label="Current password" autoComplete="current-password" {...props} />;
}

/**
 * A two-factor code from an authenticator app (six digits: the numeric keypad), or, after "Use a
 * backup code", a backup code (letters and digits with a dash, 11 characters: the full keyboard).
 * `backup={false}` where only the app's code works (confirming a new key).
 */
export function AuthCodeField({ backup = true, description, ...props }: TextInputProps & { backup?: boolean }) {
  const [usingBackup, setUsingBackup] = useState(false);
  return (
    <TextInput
      label="Authentication code"
      inputMode={usingBackup ? "text" : "numeric"}
      autoComplete={usingBackup ? "off" : "one-time-code"}
      autoCapitalize="none"
      spellCheck={false}
      placeholder={usingBackup ? "abcde-fghij" : "123456"}
      maxLength={11}
      description={
        backup ? (
          <>
            {description}{" "}
            <Anchor component="button" type="button" size="xs" onClick={() => setUsingBackup((b) => !b)}>
              {usingBackup ? "Use the code from your app" : "Use a backup code"}
            </Anchor>
          </>
        ) : (
          description
        )
      }
      inputWrapperOrder={["label", "input", "description", "error"]}
      {...props}
    />
  );
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
    <PasswordField
      label={fieldLabel}
      autoComplete="new-password"
      required={required}
      key={form.key(path)}
      {...form.getInputProps(path)}
    />
  ));
}
