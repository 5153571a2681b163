import type { ButtonHTMLAttributes, ComponentProps, ReactNode, Ref } from "react";
import classes from "./LightButtons.module.css";
import { IntentLink } from "./links";

/*
 * The header's buttons, count badges and avatar in Mantine's look, with none of its runtime. The
 * header is on every page's first load: Mantine's Button brought its Transition and Loader (for a
 * loading state the header never shows), and ActionIcon, Indicator and Avatar each their props,
 * style and variant resolvers, about 8 KB of compressed script together, all rendered again as the
 * player arrives after hydration (docs/performance.md "First load"). The same CSS variables as
 * Mantine's sheets, so the theme still applies; e2e/visual.spec.ts ("the header, pixel for pixel")
 * holds the header to the pictures Mantine's own components drew.
 *
 * `mantine-focus-auto` and `mantine-active` are Mantine's global classes (its focus ring and the 1 px
 * press), as its own buttons carry them.
 */

const cx = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(" ");

/** Where a control shows: Mantine's `hiddenFrom="md"` and `visibleFrom="md"`. */
export type Breakpointed = { hiddenFromMd?: boolean; visibleFromMd?: boolean };

const breakpointClass = ({ hiddenFromMd, visibleFromMd }: Breakpointed) =>
  cx(hiddenFromMd && classes.hiddenFromMd, visibleFromMd && classes.visibleFromMd);

type LightIconButtonProps = ButtonHTMLAttributes<HTMLButtonElement> &
  Breakpointed & {
    /** Mantine's ActionIcon variants the header uses. */
    variant: "subtle" | "default" | "filled";
    /** A filled button's colour; the theme's primary colour without one. */
    color?: "green";
    "aria-label": string;
    ref?: Ref<HTMLButtonElement>;
  };

/** Mantine's `<ActionIcon size="lg">`: a square icon button with an accessible name. */
export function LightIconButton({ variant, color, className, hiddenFromMd, visibleFromMd, ...props }: LightIconButtonProps) {
  return (
    <button
      type="button"
      {...props}
      data-variant={variant}
      data-color={color}
      className={cx(
        "mantine-focus-auto mantine-active",
        classes.reset,
        classes.iconButton,
        breakpointClass({ hiddenFromMd, visibleFromMd }),
        className,
      )}
    />
  );
}

type LightButtonLook = Breakpointed & { size?: "xs" | "sm"; color?: "green"; leftSection?: ReactNode; className?: string };

/** Splits the look's props from the element's own: the look as attributes, the left section, the rest. */
function splitLook<P extends LightButtonLook>({
  size = "sm",
  color,
  leftSection,
  className,
  hiddenFromMd,
  visibleFromMd,
  ...rest
}: P) {
  const look = {
    "data-size": size,
    "data-color": color,
    "data-with-left-section": leftSection ? true : undefined,
    className: cx(
      "mantine-focus-auto mantine-active",
      classes.reset,
      classes.button,
      breakpointClass({ hiddenFromMd, visibleFromMd }),
      className,
    ),
  };
  return { look, leftSection, rest };
}

function ButtonInner({ leftSection, children }: { leftSection?: ReactNode; children: ReactNode }) {
  return (
    <span className={classes.buttonInner}>
      {leftSection && <span className={classes.buttonSection}>{leftSection}</span>}
      <span className={classes.buttonLabel}>{children}</span>
    </span>
  );
}

/** Mantine's filled `<Button>` (sizes xs and sm). */
export function LightButton({ children, ...props }: Omit<ButtonHTMLAttributes<HTMLButtonElement>, "color"> & LightButtonLook) {
  const { look, leftSection, rest } = splitLook(props);
  return (
    <button type="button" {...rest} {...look}>
      <ButtonInner leftSection={leftSection}>{children}</ButtonInner>
    </button>
  );
}

/** The same button as the site's link (Mantine's `<Button component={IntentLink}>`). */
export function LightButtonLink({ children, ...props }: Omit<ComponentProps<typeof IntentLink>, "color"> & LightButtonLook) {
  const { look, leftSection, rest } = splitLook(props);
  return (
    <IntentLink {...rest} {...look}>
      <ButtonInner leftSection={leftSection}>{children}</ButtonInner>
    </IntentLink>
  );
}

/**
 * Mantine's `<Indicator size={18} color="red" offset={4}>` with a label: a count at the child's top
 * right corner, hidden while it is `hidden`.
 */
export function LightCount({
  label,
  hidden,
  children,
  ...props
}: {
  label: ReactNode;
  hidden: boolean;
  children: ReactNode;
  "data-testid"?: string;
}) {
  return (
    <div className={classes.count} {...props}>
      {!hidden && <div className={classes.countLabel}>{label}</div>}
      {children}
    </div>
  );
}

/** Mantine's `<Avatar color="blue" radius="xl" size="md">` with initials. */
export function LightAvatar({ initials }: { initials: string }) {
  return (
    <div className={classes.avatar}>
      <span className={classes.avatarInitials}>{initials}</span>
    </div>
  );
}

/** Mantine's `<UnstyledButton>`: a button with no look of its own, and Mantine's focus ring. */
export function LightUnstyledButton({
  className,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { ref?: Ref<HTMLButtonElement> }) {
  return <button type="button" {...props} className={cx("mantine-focus-auto", classes.reset, className)} />;
}
