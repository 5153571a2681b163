"use client";

import { Anchor, TextInput, type TextInputProps } from "@mantine/core";
import { useState } from "react";

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
