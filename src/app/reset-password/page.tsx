import type { Metadata } from "next";
import { ResetPasswordWithLink } from "@/components/auth/ResetPasswordWithLink";

export const dynamic = "force-dynamic";
export const metadata: Metadata = {
  title: "Choose a New Password",
  description: "Set a new password from the reset link we emailed you.",
  // The token is in the URL: keep it out of referrers and indexes.
  referrer: "no-referrer",
  robots: { index: false, follow: false },
};

export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams;
  return <ResetPasswordWithLink token={typeof token === "string" ? token : ""} />;
}
