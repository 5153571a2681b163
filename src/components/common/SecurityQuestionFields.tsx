"use client";

import { Select, TextInput } from "@mantine/core";
import { SECURITY_QUESTIONS } from "@/shared/constants";
import type { BoundForm } from "./AuthFields";

// A module of its own: Select brings the combobox and its positioning library (about 32 KB), which
// the sign-in, recovery and reset forms, importing ./AuthFields, do not need.

/** The security question and its answer (`securityQuestion`, `securityAnswer`): sign-up and account settings. */
export function SecurityQuestionFields({
  form,
  answerLabel,
  answerDescription,
  placeholder,
  required,
}: {
  form: BoundForm;
  answerLabel: string;
  answerDescription?: string;
  placeholder?: string;
  required?: boolean;
}) {
  return (
    <>
      <Select
        label="Security question"
        placeholder={placeholder}
        data={[...SECURITY_QUESTIONS]}
        required={required}
        allowDeselect={false}
        key={form.key("securityQuestion")}
        {...form.getInputProps("securityQuestion")}
      />
      <TextInput
        label={answerLabel}
        description={answerDescription}
        autoComplete="off"
        required={required}
        key={form.key("securityAnswer")}
        {...form.getInputProps("securityAnswer")}
      />
    </>
  );
}
