"use client";

import { useRef } from "react";
import { type LightInputProps, LightTextInput } from "./LightInputs";
import { useFieldTypedBeforeHydration } from "./useTypedBeforeHydration";

/**
 * A whole-number field (a quantity, a ticket number): digits only, the numeric keypad on phones,
 * ArrowUp / ArrowDown step by one, and the value kept between `min` and `max` when the field is
 * left. A TextInput rather than Mantine's NumberInput, whose number formatting library
 * (react-number-format, 8 KB of compressed script) would load with every contest page for fields
 * that never take decimals, signs or separators (docs/performance.md "First load"). Drawn as a
 * light input (./LightInputs.tsx): a quantity field sits on every contest page and card.
 * The value is a number, or "" while the field is empty.
 *
 * Digits typed before a server-rendered page's code arrived (a quantity on a slow phone) stay on
 * screen through hydration but reach no state: once hydrated, the field hands them to `onChange`
 * (./useTypedBeforeHydration.ts), so what is bought is what is shown.
 */
export function WholeNumberInput({
  value,
  onChange,
  min,
  max,
  onBlur,
  onKeyDown,
  ...rest
}: Omit<LightInputProps, "value" | "onChange" | "type" | "min" | "max"> & {
  value: number | "";
  onChange: (value: number | "") => void;
  min?: number;
  max?: number;
}) {
  // Without `min`, never below 0: the field takes digits only.
  const clamp = (n: number) => Math.min(max ?? n, Math.max(min ?? 0, n));
  const ref = useRef<HTMLInputElement>(null);
  useFieldTypedBeforeHydration(ref, value === "" ? "" : String(value), (typed) => {
    const digits = typed.replace(/\D/g, "").slice(0, 15);
    if (digits !== "") onChange(clamp(Number.parseInt(digits, 10)));
  });
  return (
    <LightTextInput
      ref={ref}
      inputMode="numeric"
      autoComplete="off"
      {...rest}
      value={value === "" ? "" : String(value)}
      onChange={(e) => {
        const digits = e.currentTarget.value.replace(/\D/g, "").slice(0, 15);
        onChange(digits === "" ? "" : Number.parseInt(digits, 10));
      }}
      onBlur={(e) => {
        if (value !== "" && clamp(value) !== value) onChange(clamp(value));
        onBlur?.(e);
      }}
      onKeyDown={(e) => {
        if (e.key === "ArrowUp" || e.key === "ArrowDown") {
          e.preventDefault();
          const base = value === "" ? (min ?? 0) : value;
          onChange(clamp(e.key === "ArrowUp" ? base + 1 : base - 1));
        }
        onKeyDown?.(e);
      }}
    />
  );
}
