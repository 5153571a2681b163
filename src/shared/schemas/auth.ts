/** Auth forms and payloads: one schema for the browser form and the server (SPEC.md section 5). */
import { z } from "zod";
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
    securityQuestion: z.enum(SECURITY_QUESTIONS, MESSAGES.securityQuestion),
    securityAnswer: z
      .string(MESSAGES.securityAnswer)
      .trim()
      .min(LIMITS.signupAnswerMin, MESSAGES.securityAnswer)
      .max(200, "Security answer must be at most 200 characters"),
  })
  .refine((v) => v.password === v.confirmPassword, { message: MESSAGES.passwordsMatch, path: ["confirmPassword"] });

export const forgotPasswordSchema = z.object({ email });
export const verifySecuritySchema = z.object({
  email,
  securityAnswer: z.string(MESSAGES.verifyAnswer).trim().min(LIMITS.verifyAnswerMin, MESSAGES.verifyAnswer).max(200),
});
export const resetPasswordSchema = z.object({ email, password });

export type LoginInput = z.infer<typeof loginSchema>;
export type SignupInput = z.infer<typeof signupSchema>;
