import { redirect } from "next/navigation";
import { CONTEST_CATEGORIES } from "@/shared/constants";
import { Landing } from "./Landing";

export type PageSearchParams = Promise<Record<string, string | string[] | undefined>>;

/** "/" for a visitor: the landing, or sign-in first when a footer link asked for a category or support. */
export async function VisitorLanding({ searchParams }: { searchParams: PageSearchParams }) {
  const { category, support } = await searchParams;
  const wanted =
    typeof category === "string" && (CONTEST_CATEGORIES as readonly string[]).includes(category)
      ? `/?category=${category}`
      : support === "1"
        ? "/?support=1"
        : null;
  if (wanted) redirect(`/login?next=${encodeURIComponent(wanted)}`);
  return <Landing />;
}
