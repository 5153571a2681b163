"use client";

import { TextInput, type TextInputProps } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";

/** A text filter with the magnifier icon; `onChange` gets the typed text. */
export function SearchInput({
  onChange,
  ...props
}: Omit<TextInputProps, "onChange" | "value"> & { value: string; onChange: (value: string) => void }) {
  return <TextInput leftSection={<IconSearch size={16} />} onChange={(e) => onChange(e.currentTarget.value)} {...props} />;
}
