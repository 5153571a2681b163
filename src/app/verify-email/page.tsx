import type { Metadata } from "next";
import { VerifyEmail } from "@/components/auth/VerifyEmail";
import { EMAIL_VERIFY_MESSAGES, verifyEmailSchema } from "@/shared/schemas/email";

export const dynamic = "force-dynamic";
export const metadata: Metadata = {
  title: "Verify Your E-mail Address",
  description: "Confirm the e-mail address of your Prize Contests account.",
  // The token is in the URL: keep it out of referrers and indexes.
  referrer: "no-referrer",
  robots: { index: false, follow: false },
};

export default async function VerifyEmailPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token: raw } = await searchParams;
  const token = typeof raw === "string" ? raw : "";
  // The token's form is checked here, so the page ships no zod (VerifyEmail.tsx).
  const linkProblem = verifyEmailSchema.safeParse({ token }).success ? null : EMAIL_VERIFY_MESSAGES.invalid;
  return <VerifyEmail token={token} linkProblem={linkProblem} />;
}
