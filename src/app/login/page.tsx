import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { LoginForm } from "@/components/auth/LoginForm";
import { safeNext } from "@/components/auth/next";
import { getServerCaller } from "@/server/api/server-caller";

export const dynamic = "force-dynamic";
export const metadata: Metadata = {
  title: "Sign In",
  description: "Sign in to enter prize contests, manage your balance and spin the daily Fortune Wheel.",
};

export default async function LoginPage({ searchParams }: { searchParams: Promise<{ next?: string | string[] }> }) {
  const { next } = await searchParams;
  if (await (await getServerCaller()).auth.me()) redirect(safeNext(typeof next === "string" ? next : null));
  return <LoginForm />;
}
