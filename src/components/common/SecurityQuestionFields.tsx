"use client";

import { SECURITY_QUESTIONS } from "@/shared/constants";
import type { BoundForm } from "./AuthFields";
import { LightSelect, LightTextInput } from "./LightInputs";

// Light fields (./LightInputs.tsx): the question is the browser's own select, which a phone opens in
// its system picker and which works before the page's code arrives.

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
      <LightSelect
        label="Security question"
        placeholder={placeholder ?? "Pick a question"}
        data={SECURITY_QUESTIONS}
        required={required}
        key={form.key("securityQuestion")}
        {...form.getInputProps("securityQuestion")}
      />
      <LightTextInput
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
