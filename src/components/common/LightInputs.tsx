"use client";

import {
  type CSSProperties,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  useId,
  useState,
} from "react";
import classes from "./LightInputs.module.css";

/**
 * The account forms' fields (text, password, select, checkbox, radio group), drawn with plain
 * elements in Mantine's look (LightInputs.module.css). Mantine's TextInput and PasswordInput render each field through its
 * styles API (wrapper, label, input, error slot, and an ActionIcon for the password's toggle), and
 * on a slow phone those two fields cost the sign-in page six Lighthouse points, as much as the rest
 * of the page's own code (bench/README.md, "2026-11-29, late night"). These take the props a
 * `@mantine/form` field passes (`getInputProps`: value, onChange, onFocus, onBlur, error) and render
 * the same label, asterisk, description and error, tied to the input for screen readers. The select
 * is the browser's own: on a phone it opens the system's picker, and it works before hydration.
 */
export type LightInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "size"> & {
  /** Without one, name the input with `aria-label` (a quantity between its minus and plus). */
  label?: ReactNode;
  description?: ReactNode;
  /** Mantine's sizes: "sm" (36 px, the default) or "xs" (30 px). */
  size?: "xs" | "sm";
  /** On the field's outer box (its place in a row), where `style` is the input's own. */
  rootStyle?: CSSProperties;
  ref?: Ref<HTMLInputElement>;
  error?: ReactNode;
  /** A fixed prefix drawn inside the input's left edge ("$"). */
  leftSection?: ReactNode;
  "data-path"?: string;
};

/** The label, asterisk, description and error around one control, tied to it by ids. */
function Frame({
  label,
  description,
  error,
  required,
  id,
  size,
  rootStyle,
  children,
}: {
  label?: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  id: string | undefined;
  size?: "xs" | "sm";
  rootStyle?: CSSProperties;
  children: (ids: { inputId: string; describedBy: string | undefined }) => ReactNode;
}) {
  const ownId = useId();
  const inputId = id ?? ownId;
  const describedBy = [description && `${inputId}-description`, error && `${inputId}-error`].filter(Boolean).join(" ");
  return (
    <div className={classes.root} data-error={error ? true : undefined} data-size={size} style={rootStyle}>
      {label != null && (
        <label className={classes.label} htmlFor={inputId} id={`${inputId}-label`}>
          {label}
          {required && <Asterisk />}
        </label>
      )}
      {description && (
        <p className={classes.description} id={`${inputId}-description`}>
          {description}
        </p>
      )}
      {children({ inputId, describedBy: describedBy || undefined })}
      {error && (
        <p className={classes.error} id={`${inputId}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

const Asterisk = () => (
  <span className={classes.required} aria-hidden="true">
    {" *"}
  </span>
);

function Field({
  label,
  description,
  error,
  required,
  id,
  toggle,
  leftSection,
  size,
  rootStyle,
  ...input
}: LightInputProps & { toggle?: (inputId: string) => ReactNode }) {
  return (
    <Frame label={label} description={description} error={error} required={required} id={id} size={size} rootStyle={rootStyle}>
      {({ inputId, describedBy }) => (
        <div
          className={classes.field}
          data-with-toggle={toggle ? true : undefined}
          data-with-left={leftSection ? true : undefined}
        >
          {leftSection && (
            <span className={classes.left} aria-hidden="true">
              {leftSection}
            </span>
          )}
          <input
            {...input}
            id={inputId}
            required={required}
            className={classes.input}
            aria-invalid={Boolean(error)}
            aria-describedby={describedBy}
          />
          {toggle?.(inputId)}
        </div>
      )}
    </Frame>
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

export type LightSelectOption = string | { value: string; label: string };
export type LightSelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, "value" | "onChange" | "size"> & {
  label: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  /** Shown (and not choosable again) while nothing is picked. */
  placeholder?: string;
  data: readonly LightSelectOption[];
  value?: string | null;
  /** The picked value, as Mantine's Select and `@mantine/form` take it. */
  onChange?: (value: string) => void;
  "data-path"?: string;
};

/** A select in Mantine's Select look: the browser's own <select>, so no combobox code and the system's picker on a phone. */
export function LightSelect({
  label,
  description,
  error,
  required,
  id,
  placeholder,
  data,
  value,
  onChange,
  ...select
}: LightSelectProps) {
  return (
    <Frame label={label} description={description} error={error} required={required} id={id}>
      {({ inputId, describedBy }) => (
        <div className={classes.field} data-select>
          <select
            {...select}
            id={inputId}
            required={required}
            className={classes.input}
            value={value ?? ""}
            onChange={(e) => onChange?.(e.currentTarget.value)}
            aria-invalid={Boolean(error)}
            aria-describedby={describedBy}
            data-placeholder={!value || undefined}
          >
            {placeholder !== undefined && (
              <option value="" disabled hidden>
                {placeholder}
              </option>
            )}
            {data.map((o) => {
              const option = typeof o === "string" ? { value: o, label: o } : o;
              return (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              );
            })}
          </select>
        </div>
      )}
    </Frame>
  );
}

/** A checkbox with its label and description, in Mantine's Checkbox layout; binds like `getInputProps(path, { type: "checkbox" })`. */
export function LightCheckbox({
  label,
  description,
  id,
  error,
  ...input
}: Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "size"> & {
  label: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  "data-path"?: string;
}) {
  const ownId = useId();
  const inputId = id ?? ownId;
  return (
    <div className={classes.choice}>
      <input
        {...input}
        type="checkbox"
        id={inputId}
        className={classes.check}
        aria-invalid={Boolean(error)}
        aria-describedby={
          [description && `${inputId}-description`, error && `${inputId}-error`].filter(Boolean).join(" ") || undefined
        }
      />
      <div>
        <label className={classes.choiceLabel} htmlFor={inputId}>
          {label}
        </label>
        {description && (
          <p className={classes.description} id={`${inputId}-description`}>
            {description}
          </p>
        )}
        {error && (
          <p className={classes.error} id={`${inputId}-error`}>
            {error}
          </p>
        )}
      </div>
    </div>
  );
}

/** One question, several answers: radios under a labelled `role="radiogroup"` (as Mantine's Radio.Group), in its layout. */
export function LightRadioGroup({
  label,
  description,
  error,
  required,
  value,
  onChange,
  options,
  size,
  "data-testid": testId,
}: {
  label: ReactNode;
  description?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: ReactNode }[];
  /** "xs": the smaller text of a contest card. */
  size?: "xs" | "sm";
  "data-testid"?: string;
}) {
  const id = useId();
  const describedBy = [description && `${id}-description`, error && `${id}-error`].filter(Boolean).join(" ");
  return (
    <div
      role="radiogroup"
      aria-labelledby={`${id}-label`}
      aria-describedby={describedBy || undefined}
      aria-required={required || undefined}
      aria-invalid={Boolean(error)}
      className={classes.root}
      data-error={error ? true : undefined}
      data-size={size}
      data-testid={testId}
    >
      <div className={classes.label} id={`${id}-label`}>
        {label}
        {required && <Asterisk />}
      </div>
      {description && (
        <p className={classes.description} id={`${id}-description`}>
          {description}
        </p>
      )}
      <div className={classes.choices}>
        {options.map((o) => (
          <div className={classes.choice} key={o.value}>
            <input
              type="radio"
              id={`${id}-${o.value}`}
              name={id}
              value={o.value}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
              className={classes.check}
            />
            <label className={classes.choiceLabel} htmlFor={`${id}-${o.value}`}>
              {o.label}
            </label>
          </div>
        ))}
      </div>
      {error && (
        <p className={classes.error} id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
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
