import { expect, type Page, test } from "@playwright/test";
import { holdScripts, openAccountSettings, PLAYER, signInViaApi } from "./helpers";
import { newPlayer } from "./players";

const QUESTION = "What is your favourite book?";

function uniqueEmail(tag: string) {
  return `e2e-${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

async function signUpViaApi(page: Page, email: string, password: string, answer: string) {
  const res = await page.request.post("/api/auth/signup", {
    data: {
      firstName: "Robin",
      lastName: "Quest",
      email,
      password,
      confirmPassword: password,
      securityQuestion: QUESTION,
      securityAnswer: answer,
    },
  });
  expect(res.status()).toBe(201);
}

test("sign up -> log in -> home -> log out", async ({ page }) => {
  const email = uniqueEmail("journey");
  await page.goto("/signup");
  await expect(page.getByRole("heading", { name: "Create Your Account" })).toBeVisible();

  // The shared zod schema's messages show in the form.
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("First name must be at least 2 characters")).toBeVisible();
  await expect(page.getByText("Please select a security question")).toBeVisible();

  await page.getByLabel("First name").fill("Pat");
  await page.getByLabel("Last name").fill("Lee");
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill("secret123");
  await page.getByLabel("Confirm password").fill("secret124");
  await page.getByLabel("Confirm password").blur();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await page.getByLabel("Confirm password").fill("secret123");
  await page.getByRole("combobox", { name: "Security question" }).selectOption(QUESTION);
  await page.getByLabel("Security answer").fill("Dune");
  // Under-18s are refused by the form (and the server); an adult's date of birth is accepted.
  const under18 = new Date(Date.now() - 17 * 365.25 * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel("Date of birth").fill(under18);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("You must be 18 or over to play", { exact: true })).toBeVisible();
  await page.getByLabel("Date of birth").fill("1990-05-17");
  // The spend-limit prompt (e2e/safer-play.spec.ts covers setting one).
  await page.getByRole("radio", { name: "No limit for now" }).check();
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Account Created Successfully!", { exact: true })).toBeVisible();
  await page.waitForURL("**/login");

  // Wrong password first: the destructive toast with the server's message.
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill("wrong-password");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Login Failed", { exact: true })).toBeVisible();
  await expect(page.getByText("Invalid email or password")).toBeVisible();

  // Show/hide password.
  const password = page.getByRole("textbox", { name: "Password", exact: true });
  await password.fill("secret123");
  await expect(password).toHaveAttribute("type", "password");
  await page.getByRole("button", { name: "Show password" }).click();
  await expect(password).toHaveAttribute("type", "text");
  await page.getByRole("button", { name: "Hide password" }).click();
  await expect(password).toHaveAttribute("type", "password");

  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Login Successful", { exact: true })).toBeVisible();
  await page.waitForURL((url) => url.pathname === "/");
  await expect(page.getByRole("heading", { name: "Active Contests" })).toBeVisible();

  // The user menu: initials, name, balance with 2 decimals, its items.
  const menu = page.getByTestId("user-menu");
  await expect(menu).toContainText("PL");
  await expect(menu).toContainText("Pat Lee");
  await expect(page.getByTestId("user-menu-balance")).toHaveText("$0.00");
  await menu.click();
  await expect(page.getByRole("menuitem", { name: "My Purchases & Results" })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "Account Settings" })).toBeVisible();

  // Signed in, /login goes home.
  await page.getByRole("menuitem", { name: "Logout" }).click();
  await expect(page.getByText("Logged Out", { exact: true })).toBeVisible();
  await expect(page.getByText("You have been successfully logged out")).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign In" }).first()).toBeVisible();
  await expect(page.getByTestId("user-menu")).toHaveCount(0);
  expect(new URL(page.url()).pathname).toBe("/");
  const me = await page.request.get("/api/auth/user");
  expect(me.status()).toBe(401);
});

test("npm start on the embedded database: an existing e-mail in other capitals is 409, never 500", async ({ page }) => {
  // This server opens PGlite the way that made Prisma report 23505 instead of P2002 (src/server/platform/unique-violation.ts).
  const res = await page.request.post("/api/auth/signup", {
    data: {
      firstName: "Robin",
      lastName: "Quest",
      email: PLAYER.email.toUpperCase(),
      password: "secret123",
      confirmPassword: "secret123",
      securityQuestion: QUESTION,
      securityAnswer: "dune",
    },
  });
  expect(res.status()).toBe(409);
  expect(await res.json()).toEqual({ message: "An account with this email already exists" });
});

test("signed-in users on /login, /signup and /forgot-password go to /", async ({ page }) => {
  await signInViaApi(page, PLAYER);
  for (const path of ["/login", "/signup", "/forgot-password"]) {
    await page.goto(path);
    await page.waitForURL((url) => url.pathname === "/");
  }
});

test("account settings change the display name shown in the menu", async ({ page }) => {
  const email = uniqueEmail("settings");
  await signUpViaApi(page, email, "secret123", "Dune");
  await signInViaApi(page, { email, password: "secret123" });
  await page.goto("/");
  await page.getByTestId("user-menu").click();
  await page.getByRole("menuitem", { name: "Account Settings" }).click();
  const dialog = page.getByRole("dialog", { name: "Account Settings" });
  await expect(dialog.getByText(`Signed in as ${email}`)).toBeVisible();
  await dialog.getByLabel("Display name").fill("Lucky Robin");
  await dialog.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByText("Profile Updated", { exact: true })).toBeVisible();
  await expect(page.getByTestId("user-menu")).toContainText("Lucky Robin");
});

test("password recovery end to end", async ({ page }) => {
  const email = uniqueEmail("recover");
  await signUpViaApi(page, email, "oldpass1", "Dune");

  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await page.waitForURL("**/forgot-password");
  // The steps show where the player is: the current one named to screen readers.
  const steps = page.getByRole("list", { name: "Password reset steps" });
  const current = steps.locator("[aria-current=step]");
  await expect(current).toHaveText(/Email/);

  // Step 1: an unknown email first.
  await page.getByRole("textbox", { name: "Email", exact: true }).fill("nobody-here@example.com");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("Email Not Found", { exact: true })).toBeVisible();

  await page.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByTestId("security-question")).toHaveText(QUESTION);
  await expect(page.getByText(`${email.slice(0, 2)}****@example.com`)).toBeVisible();
  await expect(current).toHaveText(/Security/);
  await expect(steps.locator("[data-completed]")).toHaveText(/Email/);

  // Back returns to the email step.
  await page.getByRole("button", { name: "Back" }).click();
  await expect(page.getByRole("textbox", { name: "Email", exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Continue" }).click();

  // Step 2: a wrong answer, then the right one (any case, spaces ignored).
  await page.getByLabel("Your answer").fill("Emma");
  await page.getByRole("button", { name: "Verify Answer" }).click();
  await expect(page.getByText("Incorrect Answer", { exact: true })).toBeVisible();
  await page.getByLabel("Your answer").fill("  dune ");
  await page.getByRole("button", { name: "Verify Answer" }).click();

  // Step 3: the new password.
  await expect(current).toHaveText(/New password/);
  await expect(steps.locator("[data-completed]")).toHaveCount(2);
  await page.getByRole("textbox", { name: "New password", exact: true }).fill("newpass1");
  await page.getByLabel("Confirm new password").fill("newpass1");
  await page.getByRole("button", { name: "Reset Password" }).click();
  await expect(page.getByText("Password Reset Successful", { exact: true })).toBeVisible();
  await page.waitForURL("**/login");

  const old = await page.request.post("/api/auth/login", { data: { email, password: "oldpass1" } });
  expect(old.status()).toBe(401);
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill("newpass1");
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL((url) => url.pathname === "/");
  await expect(page.getByTestId("user-menu")).toContainText("Robin Quest");
});

test("the sign-in form validates with the shared schema, which loads when the form is first touched", async ({ page }) => {
  const scripts: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") scripts.push(r.url());
  });
  await page.goto("/login");
  await page.waitForLoadState("networkidle");
  const withPage = scripts.length;
  // Submitting the empty form waits for the schema and shows its messages.
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();
  // The schema came as a script of its own, after the page's (docs/performance.md "First load").
  expect(scripts.length).toBeGreaterThan(withPage);
  // Leaving a field validates it.
  await page.getByRole("textbox", { name: "Email", exact: true }).fill("not-an-email");
  await page.getByRole("textbox", { name: "Password", exact: true }).fill("secret123");
  await page.getByRole("textbox", { name: "Password", exact: true }).blur();
  await expect(page.getByText("Password must be at least 6 characters")).toBeHidden();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(PLAYER.email);
  await page.getByRole("textbox", { name: "Email", exact: true }).blur();
  await expect(page.getByText("Please enter a valid email address")).toBeHidden();
});

// A quick typist on a slow phone, or a browser filling saved credentials on load, types before the
// page's code has arrived: the text is in the server-rendered inputs, not yet in the form's state
// (src/components/common/useTypedBeforeHydration.ts). The form takes what is on screen and signs in.
test("what was typed before the sign-in page's code arrived signs in", async ({ page }) => {
  const email = uniqueEmail("early");
  await signUpViaApi(page, email, "secret123", "Dune");
  await page.request.post("/api/auth/logout");
  // Every script waits until the fields are filled: until then the form is the server's HTML.
  const release = await holdScripts(page);
  await page.goto("/login", { waitUntil: "domcontentloaded" });
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill("secret123");
  release();
  // Hydrated: the header has asked who is signed in and shows Sign In.
  await expect(page.locator("header[data-identity=out]")).toHaveCount(1, { timeout: 30_000 });
  await expect(page.getByRole("textbox", { name: "Email", exact: true })).toHaveValue(email);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Login Successful", { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("Please enter a valid email address")).toHaveCount(0);
  await page.waitForURL((url) => url.pathname === "/");
});

// Before its code arrives the form is the browser's: Enter submits it as a GET to the page's address.
// Its inputs carry no `name`, so nothing typed (least of all the password) lands in the address, the
// history or a server log.
test("a sign-in submitted before the page's code arrived puts nothing typed in the address", async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto("/login", { waitUntil: "domcontentloaded" });
  await page.getByRole("textbox", { name: "Email", exact: true }).fill("someone@example.com");
  const password = page.getByRole("textbox", { name: "Password", exact: true });
  await password.fill("secret-in-the-address");
  await Promise.all([
    page.waitForURL((url) => url.pathname === "/login" && url.href.includes("?"), { waitUntil: "commit" }),
    password.press("Enter"),
  ]);
  expect(page.url()).not.toContain("secret-in-the-address");
  expect(page.url()).not.toContain("someone");
  release();
});

test("Account Settings changes the security question on its own select; recovery then asks the new one", async ({
  browser,
}, info) => {
  const viewport = info.project.use.viewport;
  const { context, page, email, password } = await newPlayer(browser, viewport ? { viewport } : {});
  await page.goto("/");
  const settings = await openAccountSettings(page);
  const form = settings.locator("form").filter({ has: page.getByRole("heading", { name: "Security question" }) });
  const question = form.getByRole("combobox", { name: "Security question" });
  await expect(question).toHaveValue("What is your favourite movie?", { timeout: 30_000 });
  await question.selectOption(QUESTION);
  await form.getByLabel("New answer").fill("Dune");
  await form.getByLabel("Current password").fill(password);
  await form.getByRole("button", { name: "Save security question" }).click();
  await expect(page.getByText("Security Question Updated", { exact: true })).toBeVisible();
  const lookup = await page.request.post("/api/auth/forgot-password", { data: { email } });
  expect((await lookup.json()).securityQuestion).toBe(QUESTION);
  await context.close();
});

// A slow phone: the security question picked and the fields typed before the page's code arrived are
// the ones sent (src/components/common/useTypedBeforeHydration.ts reads the native select too).
test("sign-up fields filled before the page's code arrived, the question's select included, are the ones sent", async ({
  page,
}) => {
  const email = uniqueEmail("early-signup");
  const release = await holdScripts(page);
  await page.goto("/signup", { waitUntil: "domcontentloaded" });
  await page.getByLabel("First name").fill("Pat");
  await page.getByLabel("Last name").fill("Lee");
  await page.getByRole("textbox", { name: "Email", exact: true }).fill(email);
  await page.getByRole("combobox", { name: "Security question" }).selectOption(QUESTION);
  release();
  await expect(page.locator("header[data-identity=out]")).toHaveCount(1, { timeout: 30_000 });
  await expect(page.getByRole("combobox", { name: "Security question" })).toHaveValue(QUESTION);
  await page.getByRole("textbox", { name: "Password", exact: true }).fill("secret123");
  await page.getByLabel("Confirm password").fill("secret123");
  await page.getByLabel("Security answer").fill("Dune");
  await page.getByLabel("Date of birth").fill("1990-05-17");
  await page.getByRole("radio", { name: "No limit for now" }).check();
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Account Created Successfully!", { exact: true })).toBeVisible({ timeout: 30_000 });
  const lookup = await page.request.post("/api/auth/forgot-password", { data: { email } });
  expect((await lookup.json()).securityQuestion).toBe(QUESTION);
});
