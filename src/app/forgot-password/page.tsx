import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { ForgotPasswordFlow } from "@/components/auth/ForgotPasswordFlow";
import { ResetLinkRequest } from "@/components/auth/ResetLinkRequest";
import { getServerCaller } from "@/server/api/server-caller";

export const dynamic = "force-dynamic";
export const metadata: Metadata = {
  title: "Reset Password",
  description: "Recover your account: answer your security question and choose a new password.",
};

export default async function ForgotPasswordPage() {
  if (await (await getServerCaller()).auth.me()) redirect("/");
  return (
    <>
      <ForgotPasswordFlow />
      <ResetLinkRequest />
    </>
  );
}
