/**
 * What every signed-in page loads stays light: the header's signed-in slots, the standing notice, the
 * contest cards' add-to-cart, the home's wheel teaser, the contest page and the sign-in form reach neither zod nor the
 * dialogs they open, through static imports (type-only imports are erased; `import()` loads on
 * demand). Zod is 30 KB compressed in the browser, and the dialogs (forms, two-factor, purchase
 * history) load on their first open.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "vitest";
import { resolveImport } from "../../scripts/tools/layers";

const src = path.resolve(import.meta.dirname, "../../src");
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\b)(?:[^'";]*?\sfrom\s*)?['"]([^'"]+)['"]/gm;

/** Files reached from `entry` through static value imports, and the packages they import. */
function reach(entry: string): { files: Set<string>; packages: Map<string, string> } {
  const files = new Set<string>();
  const packages = new Map<string, string>();
  const queue = [path.join(src, entry)];
  while (queue.length) {
    const file = queue.pop() as string;
    if (files.has(file)) continue;
    files.add(file);
    for (const m of readFileSync(file, "utf8").matchAll(STATIC_IMPORT)) {
      const spec = m[1] as string;
      const target = resolveImport(src, file, spec);
      if (target) queue.push(target);
      else if (!spec.startsWith(".") && !spec.startsWith("@/")) packages.set(spec, path.relative(src, file));
    }
  }
  return { files, packages };
}

const rel = (files: Set<string>) => [...files].map((f) => path.relative(src, f));

test.each([
  "components/layout/SignedInSlots.ts",
  "components/common/PlayerStanding.tsx",
  "components/contests/useAddToCart.ts",
  "components/common/SupportLinks.tsx",
  "components/wheel/WheelTeaser.tsx",
  "components/contests/ContestDetail.tsx",
  // The sign-in and recovery pages: their schemas load when the form is first touched (useSchemasOnDemand).
  "components/auth/LoginForm.tsx",
  "components/auth/ForgotPasswordFlow.tsx",
  "components/auth/ResetLinkRequest.tsx",
  // The emailed links' landings: the token's form is checked by the server page.
  "components/auth/ResetPasswordWithLink.tsx",
  "components/auth/VerifyEmail.tsx",
  // Sign-up: the account's and the spend limit's schemas load together when the form is first touched.
  "components/auth/SignupForm.tsx",
])("%s reaches no zod and no dialog through static imports", (entry) => {
  const { files, packages } = reach(entry);
  expect(files.size).toBeGreaterThan(1);
  expect(packages.get("zod"), `zod is imported by ${packages.get("zod")}`).toBeUndefined();
  expect(rel(files).filter((f) => /Dialog\.tsx$/.test(f))).toEqual([]);
});

test("the probe sees through re-exports and finds zod where it is", () => {
  // A schema module does import zod, and the walk from a form that uses it finds it.
  expect(reach("shared/fair-play.ts").packages.has("zod")).toBe(true);
  expect(reach("components/payments/AddBalanceDialog.tsx").packages.has("zod")).toBe(true);
  expect(reach("components/common/LimitPromptModal.tsx").packages.has("zod")).toBe(true);
  // Re-exports are followed: the slots module only re-exports, yet reaches the user menu.
  expect(rel(reach("components/layout/SignedInSlots.ts").files)).toContain(path.join("components", "layout", "UserMenu.tsx"));
});

/** Files among `files` that import Mantine's Select (the combobox and floating-ui: about 32 KB compressed). */
const importingSelect = (files: Set<string>) =>
  rel(files).filter((f) =>
    /import\s*\{[^}]*\bSelect\b[^}]*\}\s*from\s*["']@mantine\/core["']/.test(readFileSync(path.join(src, f), "utf8")),
  );

test("the sign-in and sign-up forms reach no Select: sign-up's questions are the browser's own select", () => {
  expect(importingSelect(reach("components/auth/LoginForm.tsx").files)).toEqual([]);
  expect(importingSelect(reach("components/auth/SignupForm.tsx").files)).toEqual([]);
  // The probe finds it where it is.
  expect(importingSelect(reach("components/admin/FreeEntryDialog.tsx").files)).toContain(
    path.join("components", "admin", "FreeEntryDialog.tsx"),
  );
});

/** Files among `files` that import the named component from @mantine/core. */
const importingMantine = (files: Set<string>, name: string) =>
  rel(files).filter((f) =>
    new RegExp(`import\\s*\\{[^}]*\\b${name}\\b[^}]*\\}\\s*from\\s*["']@mantine/core["']`).test(
      readFileSync(path.join(src, f), "utf8"),
    ),
  );

test("the sign-in, sign-up, recovery and reset-link forms reach none of Mantine's inputs: their fields are light, the two-factor step loads when asked for", () => {
  // Mantine's TextInput and PasswordInput cost the sign-in page six Lighthouse points on a slow
  // phone (bench/README.md, "2026-11-29, late night"); src/components/common/LightInputs.tsx.
  for (const entry of [
    "components/auth/LoginForm.tsx",
    "components/auth/ForgotPasswordFlow.tsx",
    "components/auth/ResetPasswordWithLink.tsx",
    "components/auth/SignupForm.tsx",
  ]) {
    const files = reach(entry).files;
    // Nor Mantine's Stepper: recovery's steps are ./StepProgress.tsx (190 → 188 KB).
    for (const name of ["TextInput", "PasswordInput", "NumberInput", "Textarea", "Select", "Checkbox", "Radio", "Stepper"])
      expect(importingMantine(files, name), entry).toEqual([]);
  }
  // The probe finds them where they are: the two-factor step's code field is a Mantine TextInput.
  expect(importingMantine(reach("components/auth/TwoFactorStep.tsx").files, "TextInput")).toContain(
    path.join("components", "common", "AuthCodeField.tsx"),
  );
});

test("pages that only show amounts reach no decimal.js: formatting is ./money-format.ts, string work only", () => {
  const decimal = (entry: string) => [...reach(entry).packages.keys()].filter((p) => p.startsWith("@prisma/client"));
  for (const entry of [
    "components/auth/LoginForm.tsx",
    "shared/format.ts",
    "components/layout/UserMenu.tsx",
    // Bundle prices are BigInt thousandths (src/shared/pricing.ts): cards and the contest page show them.
    "shared/pricing.ts",
    "components/contests/ContestCard.tsx",
    "components/contests/ContestDetail.tsx",
    "components/contests/SignedInHome.tsx",
  ])
    expect(decimal(entry), entry).toEqual([]);
  // The probe finds it where decimal.js arithmetic is done.
  expect(decimal("shared/wheel.ts")).toEqual(["@prisma/client/runtime/index-browser"]);
  expect(decimal("components/cart/CartDrawer.tsx")).toEqual(["@prisma/client/runtime/index-browser"]);
});

test("the home's wheel teaser shows texts the server built: no money arithmetic, no draw code", () => {
  const { files, packages } = reach("components/wheel/WheelTeaser.tsx");
  expect([...packages.keys()].filter((p) => p.startsWith("@prisma/client"))).toEqual([]);
  expect(rel(files).filter((f) => /shared\/(wheel|draw|merkle|money)\.ts$/.test(f))).toEqual([]);
});

/** Files among `files` that import one of `names` from @mantine/core. */
const importingFromMantine = (files: Set<string>, names: string[]) =>
  rel(files).filter((f) =>
    new RegExp(`import\\s*\\{[^}]*\\b(${names.join("|")})\\b[^}]*\\}\\s*from\\s*["']@mantine/core["']`).test(
      readFileSync(path.join(src, f), "utf8"),
    ),
  );
// floating-ui and tabbable (about 20 KB compressed), react-number-format (8 KB).
const FLOATING = ["Menu", "Popover", "Tooltip", "HoverCard", "Combobox", "Select", "Autocomplete", "NumberInput"];

test.each([
  "components/layout/SignedInSlots.ts",
  "components/contests/ContestDetail.tsx",
  "components/contests/SignedInHome.tsx",
])("%s reaches no floating popup and no NumberInput through static imports: the header's popups load on intent", (entry) => {
  expect(importingFromMantine(reach(entry).files, FLOATING)).toEqual([]);
});

test("the probe finds the header's popups where they are", () => {
  expect(importingFromMantine(new Set([path.join(src, "components/layout/UserMenuPopup.tsx")]), FLOATING)).toEqual([
    path.join("components", "layout", "UserMenuPopup.tsx"),
  ]);
  expect(importingFromMantine(new Set([path.join(src, "components/notifications/NotificationPopover.tsx")]), FLOATING)).toEqual([
    path.join("components", "notifications", "NotificationPopover.tsx"),
  ]);
});

test("a contest page's proof sections (instant prizes, live draw, draw proof, the Merkle code) are not first-load code: they load below the fold after hydrating", () => {
  const proofs =
    /components\/(contests\/(ContestProofSections|LiveDraw|InstantPrizesPanel|MyEntryProofs)|common\/DrawProof)\.tsx$|shared\/(merkle|draw|instant-wins)\.ts$/;
  expect(rel(reach("components/contests/ContestDetail.tsx").files).filter((f) => proofs.test(f))).toEqual([]);
  // The probe finds them behind the lazy import.
  expect(
    rel(reach("components/contests/ContestProofSections.tsx").files).filter((f) => proofs.test(f)).length,
  ).toBeGreaterThanOrEqual(4);
});

test("a contest page and the home's cards reach none of Mantine's inputs, tabs, grid or progress bar, and no number picker: on every contest page, they are light", () => {
  // bench/README.md, "2026-11-30, morning": Lighthouse's first-load JS 217 → 204 KB on a contest page.
  const heavy = ["TextInput", "NumberInput", "Radio", "Checkbox", "Tabs", "Grid", "Progress", "Pagination"];
  for (const entry of ["components/contests/ContestDetail.tsx", "components/contests/SignedInHome.tsx"]) {
    const files = reach(entry).files;
    expect(importingFromMantine(files, heavy), entry).toEqual([]);
    // The picker loads on the pick-your-numbers contests' pages only.
    expect(rel(files), entry).not.toContain(path.join("components", "contests", "NumberPicker.tsx"));
  }
  // The probe finds them where they are.
  expect(importingFromMantine(reach("components/contests/NumberPicker.tsx").files, heavy)).toContain(
    path.join("components", "contests", "NumberPicker.tsx"),
  );
});

test("/draws/live loads no draw code with its first screen: the proof panel, the browser's check (SHA-256, Merkle) and the player's own proofs load when wanted", () => {
  const drawCode =
    /components\/(contests\/MyEntryProofs\.tsx|common\/(DrawProof\.tsx|verifyDrawRecord\.ts))$|shared\/(merkle|draw)\.ts$/;
  expect(rel(reach("components/contests/LiveDrawsPage.tsx").files).filter((f) => drawCode.test(f))).toEqual([]);
  // The probe finds them where they are: the check module reaches the draw's code.
  expect(rel(reach("components/common/verifyDrawRecord.ts").files).filter((f) => drawCode.test(f)).length).toBeGreaterThanOrEqual(
    3,
  );
});

test("the header reaches none of Mantine's ActionIcon, Indicator, Avatar or UnstyledButton, and its own files no Button: its buttons are light on every page", () => {
  // bench/README.md, "2026-11-30, day": the signed-in shell 176.4 → 172.4 KB in Chromium, the
  // visitor's 169.3 → 168.2; e2e/visual.spec.ts holds the header to Mantine's own pictures.
  for (const entry of ["components/layout/AppHeader.tsx", "components/layout/SignedInSlots.ts"]) {
    const files = reach(entry).files;
    expect(importingFromMantine(files, ["ActionIcon", "Indicator", "Avatar", "UnstyledButton"]), entry).toEqual([]);
    // Mantine's Button comes with links.tsx's LinkButton, in the chunk every page shares: nearly every
    // page has a Button of its own, and a Button split from it was loaded twice (198.0 KB, not 194.5,
    // on a contest page).
    expect(importingFromMantine(files, ["Button"]), entry).toEqual([path.join("components", "common", "links.tsx")]);
  }
  // The probe finds them where they are: the slide-out menu (on the first tap) has Mantine's Button.
  expect(importingFromMantine(reach("components/layout/MobileMenuDrawer.tsx").files, ["Button"])).toContain(
    path.join("components", "layout", "MobileMenuDrawer.tsx"),
  );
});
