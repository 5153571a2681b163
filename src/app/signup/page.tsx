import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SignupForm } from "@/components/auth/SignupForm";
import { getServerCaller } from "@/server/api/server-caller";

export const dynamic = "force-dynamic";
export const metadata: Metadata = {
  title: "Sign Up",
  description: "Create your free account in seconds: no verification at sign-up, tickets from $1.79.",
};

export default async function SignupPage() {
  if (await (await getServerCaller()).auth.me()) redirect("/");
  return <SignupForm />;
}
