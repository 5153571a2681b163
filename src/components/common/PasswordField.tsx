"use client";

import { PasswordInput, type PasswordInputProps } from "@mantine/core";
import { useState } from "react";

/** Password input with a labelled show/hide toggle. */
export function PasswordField(props: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <PasswordInput
      {...props}
      visible={visible}
      onVisibilityChange={setVisible}
      visibilityToggleButtonProps={{ "aria-label": visible ? "Hide password" : "Show password" }}
    />
  );
}
