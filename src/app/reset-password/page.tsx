import type { Metadata } from "next";
import { ResetPasswordWithLink } from "@/components/auth/ResetPasswordWithLink";
import { RESET_LINK_INVALID, resetTokenSchema } from "@/shared/schemas/email";

export const dynamic = "force-dynamic";
export const metadata: Metadata = {
  title: "Choose a New Password",
  description: "Set a new password from the reset link we emailed you.",
  // The token is in the URL: keep it out of referrers and indexes.
  referrer: "no-referrer",
  robots: { index: false, follow: false },
};

export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token: raw } = await searchParams;
  const token = typeof raw === "string" ? raw : "";
  // The token's form is checked here, so the page ships no zod (ResetPasswordWithLink.tsx).
  const linkProblem = resetTokenSchema.safeParse(token).success ? null : RESET_LINK_INVALID;
  return <ResetPasswordWithLink token={token} linkProblem={linkProblem} />;
}
