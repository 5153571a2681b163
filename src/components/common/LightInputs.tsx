"use client";

import { type InputHTMLAttributes, type ReactNode, useId, useState } from "react";
import classes from "./LightInputs.module.css";

/**
 * The account forms' email and password inputs, drawn with plain elements in Mantine's look
 * (LightInputs.module.css). Mantine's TextInput and PasswordInput render each field through its
 * styles API (wrapper, label, input, error slot, and an ActionIcon for the password's toggle), and
 * on a slow phone those two fields cost the sign-in page six Lighthouse points, as much as the rest
 * of the page's own code (bench/README.md, "2026-11-29, late night"). These take the props a
 * `@mantine/form` field passes (`getInputProps`: value, onChange, onFocus, onBlur, error) and render
 * the same label, asterisk, description and error, tied to the input for screen readers.
 */
export type LightInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "size"> & {
  label: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  "data-path"?: string;
};

function Field({
  label,
  description,
  error,
  required,
  id,
  toggle,
  ...input
}: LightInputProps & { toggle?: (inputId: string) => ReactNode }) {
  const ownId = useId();
  const inputId = id ?? ownId;
  const describedBy = [description && `${inputId}-description`, error && `${inputId}-error`].filter(Boolean).join(" ");
  return (
    <div className={classes.root} data-error={error ? true : undefined}>
      <label className={classes.label} htmlFor={inputId} id={`${inputId}-label`}>
        {label}
        {required && (
          <span className={classes.required} aria-hidden="true">
            {" *"}
          </span>
        )}
      </label>
      {description && (
        <p className={classes.description} id={`${inputId}-description`}>
          {description}
        </p>
      )}
      <div className={classes.field} data-with-toggle={toggle ? true : undefined}>
        <input
          {...input}
          id={inputId}
          required={required}
          className={classes.input}
          aria-invalid={Boolean(error)}
          aria-describedby={describedBy || undefined}
        />
        {toggle?.(inputId)}
      </div>
      {error && (
        <p className={classes.error} id={`${inputId}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** A text input (email, name): Mantine's TextInput look, none of its runtime. */
export function LightTextInput(props: LightInputProps) {
  return <Field type="text" {...props} />;
}

/** A password input with a labelled show/hide toggle, as `PasswordField` (PasswordField.tsx) has. */
export function LightPasswordInput(props: Omit<LightInputProps, "type">) {
  const [visible, setVisible] = useState(false);
  return (
    <Field
      {...props}
      type={visible ? "text" : "password"}
      toggle={(inputId) => (
        <button
          type="button"
          className={classes.toggle}
          aria-label={visible ? "Hide password" : "Show password"}
          aria-pressed={visible}
          aria-controls={inputId}
          // Out of the tab order, as Mantine's toggle: Tab goes from the password to the next field.
          tabIndex={-1}
          disabled={props.disabled}
          // Keeps the focus (and the caret) in the input.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => setVisible((v) => !v)}
        >
          <EyeIcon crossed={visible} />
        </button>
      )}
    />
  );
}

/** Mantine's PasswordToggleIcon: an eye, crossed out while the password shows. */
function EyeIcon({ crossed }: { crossed: boolean }) {
  const line = {
    fill: "none",
    stroke: "currentColor",
    strokeLinecap: "round",
    strokeLinejoin: "round",
    strokeWidth: 16,
  } as const;
  return (
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256" aria-hidden="true">
      {crossed ? (
        <>
          <path {...line} d="M48 40l160 176M154.91 157.6a40 40 0 01-53.82-59.2M135.53 88.71a40 40 0 0132.3 35.53" />
          <path
            {...line}
            d="M208.61 169.1C230.41 149.58 240 128 240 128s-32-72-112-72a126 126 0 00-20.68 1.68M74 68.6C33.23 89.24 16 128 16 128s32 72 112 72a118.05 118.05 0 0054-12.6"
          />
        </>
      ) : (
        <>
          <path {...line} d="M128 56c-80 0-112 72-112 72s32 72 112 72 112-72 112-72-32-72-112-72z" />
          <circle {...line} cx="128" cy="128" r="40" />
        </>
      )}
    </svg>
  );
}
