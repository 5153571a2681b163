import { type CSSVariablesResolver, createTheme } from "@mantine/core";

export const theme = createTheme({
  primaryColor: "violet",
  // A visitor whose system asks for reduced motion gets dialogs, drawers, menus and toasts without
  // their transitions (WCAG 2.3.3); the wheel honours it too (src/components/wheel/WheelGame.tsx).
  respectReducedMotion: true,
  // WCAG AA on every screen (e2e/a11y.spec.ts): filled colours one shade darker, and text on a
  // filled badge or button turns dark where white would not reach 4.5:1.
  primaryShade: { light: 7, dark: 8 },
  autoContrast: true,
  luminanceThreshold: 0.18,
  defaultRadius: "md",
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  headings: { fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif" },
  // Mantine's close buttons are icon-only: give every dialog's a name screen readers can say.
  // Plain objects, not Modal.extend(): importing Modal and Drawer here would put the dialogs' code
  // (portal, focus trap, scroll area) into every page's first load.
  components: {
    Modal: { defaultProps: { closeButtonProps: { "aria-label": "Close" } } },
    Drawer: { defaultProps: { closeButtonProps: { "aria-label": "Close" } } },
    // A status badge is one or two words: it keeps its width in a squeezed table cell or row instead
    // of being cut to "SA…" / "END…".
    Badge: { styles: { root: { flexShrink: 0, minWidth: "max-content" } } },
  },
});

/**
 * Text colours for the palettes whose own shades do not reach 4.5:1 as text: each is the palette's
 * shade 9 darkened until it reads at least 5:1 on its light background (shade 1) and on white
 * (tests/unit/theme-contrast.test.ts checks every text and light-variant colour).
 */
const TEXT = {
  green: "#1e6b2f", // green 9 (#2b8a3e) darkened: 5.7:1 on green 1, 6.6:1 on white
  orange: "#b23b0c", // orange 9 darkened 18%: 5.0:1 on orange 1
  yellow: "#a15300", // yellow 9 darkened 30%: 5.0:1 on yellow 1
  teal: "#077252", // teal 9 darkened 10%: 5.1:1 on teal 1
  cyan: "#0b6d80", // cyan 9 darkened 4%: 5.1:1 on cyan 1
} as const;

/**
 * "dimmed" text (gray 6 by default, 3.3:1 on white) reads at gray 7 (8:1): captions stay legible.
 * Red text (`c="red"`, the red filled shade, under 4:1) and input errors (red 6, 3.3:1) read at red 9
 * (5.6:1): an error is the last text that should be hard to read. Blue text reads at blue 9 (6.1:1;
 * the filled shade is 4.2:1), grape at grape 8 (5.2:1 on grape 0). Green, orange, yellow, teal and cyan have no shade dark enough on their
 * own light background (green 9: 3.8:1 on green 1, orange 9: 3.6:1), so their text and light-variant
 * text (alerts, badges) read one step darker than the palette (`TEXT`). Write `c="orange"`, not a
 * shade: the shade bypasses these.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    "--mantine-color-dimmed": "var(--mantine-color-gray-7)",
    "--mantine-color-red-text": "var(--mantine-color-red-9)",
    "--mantine-color-error": "var(--mantine-color-red-9)",
    "--mantine-color-blue-text": "var(--mantine-color-blue-9)",
    "--mantine-color-grape-text": "var(--mantine-color-grape-8)",
    ...Object.fromEntries(
      Object.entries(TEXT).flatMap(([name, color]) => [
        [`--mantine-color-${name}-text`, color],
        [`--mantine-color-${name}-light-color`, color],
      ]),
    ),
  },
  dark: {},
});
