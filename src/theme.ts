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

/** Green 9 (#2b8a3e) darkened: 5.7:1 on green 1, 6.6:1 on white. */
const GREEN_TEXT = "#1e6b2f";

/**
 * "dimmed" text (gray 6 by default, 3.3:1 on white) reads at gray 7 (8:1): captions stay legible.
 * Red text (`c="red"`, the red filled shade, under 4:1) and input errors (red 6, 3.3:1) read at red 9
 * (5.6:1): an error is the last text that should be hard to read. Green, the colour of "verified" and
 * "covered", has no shade dark enough on its own light background (green 9: 3.8:1 on green 1), so its
 * text and light-variant text (alerts, badges) read one step darker than the palette (5.7:1).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    "--mantine-color-dimmed": "var(--mantine-color-gray-7)",
    "--mantine-color-red-text": "var(--mantine-color-red-9)",
    "--mantine-color-error": "var(--mantine-color-red-9)",
    "--mantine-color-green-text": GREEN_TEXT,
    "--mantine-color-green-light-color": GREEN_TEXT,
  },
  dark: {},
});
