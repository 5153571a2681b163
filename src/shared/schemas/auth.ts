/** Auth forms and payloads: one schema for the browser form and the server (docs/product.md §5). */
import "./zod-config";
import { z } from "zod";
import { limitChoiceSchema } from "../safer-play";
import { dateOfBirthSchema } from "../responsible-play";
import { LIMITS, SECURITY_QUESTIONS } from "../constants";

export const MESSAGES = {
  email: "Please enter a valid email address",
  password: `Password must be at least ${LIMITS.passwordMin} characters`,
  firstName: `First name must be at least ${LIMITS.nameMin} characters`,
  lastName: `Last name must be at least ${LIMITS.nameMin} characters`,
  confirmPassword: "Please confirm your password",
  passwordsMatch: "Passwords don't match",
  securityQuestion: "Please select a security question",
  securityAnswer: `Security answer must be at least ${LIMITS.signupAnswerMin} characters`,
  verifyAnswer: "Please provide an answer to the security question",
} as const;

const email = z.string(MESSAGES.email).trim().max(254, "Email must be at most 254 characters").pipe(z.email(MESSAGES.email));
const password = z
  .string(MESSAGES.password)
  .min(LIMITS.passwordMin, MESSAGES.password)
  .max(256, "Password must be at most 256 characters");

/**
 * "Passwords don't match" on confirmPassword. `when` lets the check run even while other fields
 * are still invalid, so a form shows it together with the other messages.
 */
function matching<K extends string>(a: K, b: K) {
  return [
    (v: Record<K, string>) => v[a] === v[b],
    {
      message: MESSAGES.passwordsMatch,
      path: [b] as PropertyKey[],
      when: (payload: { value: unknown }) => {
        const v = payload.value as Record<string, unknown> | null;
        return typeof v?.[a] === "string" && typeof v?.[b] === "string";
      },
    },
  ] as const;
}

/** A security question and a new answer to it: at sign-up and when changed in the account settings. */
const securityQuestion = z.enum(SECURITY_QUESTIONS, MESSAGES.securityQuestion);
const securityAnswer = z
  .string(MESSAGES.securityAnswer)
  .trim()
  .min(LIMITS.signupAnswerMin, MESSAGES.securityAnswer)
  .max(200, "Security answer must be at most 200 characters");

export const loginSchema = z.object({ email, password });

export const signupSchema = z
  .object({
    firstName: z
      .string(MESSAGES.firstName)
      .trim()
      .min(LIMITS.nameMin, MESSAGES.firstName)
      .max(100, "First name must be at most 100 characters"),
    lastName: z
      .string(MESSAGES.lastName)
      .trim()
      .min(LIMITS.nameMin, MESSAGES.lastName)
      .max(100, "Last name must be at most 100 characters"),
    email,
    password,
    confirmPassword: z.string(MESSAGES.confirmPassword).min(LIMITS.passwordMin, MESSAGES.confirmPassword).max(256),
    securityQuestion,
    securityAnswer,
    /** Optional for REST clients (the documented payload stays valid); the sign-up form requires it. */
    dateOfBirth: dateOfBirthSchema.optional(),
    /** The spend-limit prompt (docs/fair-play.md "Safer play"): optional for REST clients, asked by the form. */
    spendLimit: limitChoiceSchema.optional(),
    /** Offers and news by e-mail: only with this explicit opt-in (docs/email.md "Offers and news"). */
    marketingEmail: z.boolean().optional(),
  })
  .refine(...matching("password", "confirmPassword"));

export const forgotPasswordSchema = z.object({ email });
export const verifySecuritySchema = z.object({
  email,
  securityAnswer: z.string(MESSAGES.verifyAnswer).trim().min(LIMITS.verifyAnswerMin, MESSAGES.verifyAnswer).max(200),
});
export const resetPasswordSchema = z.object({ email, password });

export type LoginInput = z.infer<typeof loginSchema>;
export type SignupInput = z.infer<typeof signupSchema>;

/** Recovery step 3 in the browser: new password plus its confirmation (the server takes only `password`). */
export const resetPasswordFormSchema = z
  .object({
    password,
    confirmPassword: z.string(MESSAGES.confirmPassword).min(LIMITS.passwordMin, MESSAGES.confirmPassword).max(256),
  })
  .refine(...matching("password", "confirmPassword"));

/** Account Settings (docs/product.md §10: the real thing, not a stub). */
export const ACCOUNT_MESSAGES = {
  displayName: `Display name must be between ${LIMITS.nameMin} and 50 characters`,
  currentPassword: "Please enter your current password",
  newPassword: `New password must be at least ${LIMITS.passwordMin} characters`,
} as const;

export const updateProfileSchema = z.object({
  /** Empty clears the display name (the menu then shows first and last name). */
  displayName: z
    .string(ACCOUNT_MESSAGES.displayName)
    .trim()
    .max(50, ACCOUNT_MESSAGES.displayName)
    .refine((v) => v.length === 0 || v.length >= LIMITS.nameMin, ACCOUNT_MESSAGES.displayName),
});

const currentPassword = z.string(ACCOUNT_MESSAGES.currentPassword).min(1, ACCOUNT_MESSAGES.currentPassword).max(256);

export const changePasswordSchema = z
  .object({
    currentPassword,
    newPassword: z
      .string(ACCOUNT_MESSAGES.newPassword)
      .min(LIMITS.passwordMin, ACCOUNT_MESSAGES.newPassword)
      .max(256, "Password must be at most 256 characters"),
    confirmPassword: z.string(MESSAGES.confirmPassword).min(LIMITS.passwordMin, MESSAGES.confirmPassword).max(256),
  })
  .refine(...matching("newPassword", "confirmPassword"));

export const changeSecuritySchema = z.object({
  currentPassword,
  securityQuestion,
  securityAnswer,
});

export type ForgotPasswordResult = { email: string; maskedEmail: string; securityQuestion: string };

/** A TOTP code from an authenticator app (admin two-factor). */
const SECOND_FACTOR_MESSAGE = "Enter the 6-digit code from your authenticator app or a backup code";
/** A 6-digit TOTP code, or a backup code (xxxxx-xxxxx) where the current key's code is asked. */
export const twoFactorCodeSchema = z.object({
  code: z
    .string(SECOND_FACTOR_MESSAGE)
    .trim()
    .regex(/^(\d{6}|[A-Za-z2-7]{5}-?[A-Za-z2-7]{5})$/, SECOND_FACTOR_MESSAGE),
});
/** Starting (re-)enrolment: an account with two-factor on gives its current code or a backup code. */
export const twoFactorSetupSchema = z.object({ code: twoFactorCodeSchema.shape.code.optional() }).optional();
