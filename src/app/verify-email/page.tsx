import type { Metadata } from "next";
import { VerifyEmail } from "@/components/auth/VerifyEmail";

export const dynamic = "force-dynamic";
export const metadata: Metadata = {
  title: "Verify Your E-mail Address",
  description: "Confirm the e-mail address of your Prize Contests account.",
  // The token is in the URL: keep it out of referrers and indexes.
  referrer: "no-referrer",
  robots: { index: false, follow: false },
};

export default async function VerifyEmailPage({ searchParams }: { searchParams: Promise<{ token?: string | string[] }> }) {
  const { token } = await searchParams;
  return <VerifyEmail token={typeof token === "string" ? token : ""} />;
}
