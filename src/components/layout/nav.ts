import { CATEGORY_LABELS, CONTEST_CATEGORIES, type ContestCategory } from "@/shared/constants";

/** Where a category's contests are listed (the signed-in home reads `?category=`). */
export function categoryHref(category: ContestCategory): string {
  return `/?category=${category}`;
}

/** Header "Contests" dropdown: All Contests, then every category (docs/product.md §2, Header). */
export const CONTEST_MENU: { label: string; href: string }[] = [
  { label: "All Contests", href: "/" },
  ...CONTEST_CATEGORIES.map((c) => ({ label: CATEGORY_LABELS[c], href: categoryHref(c) })),
];

/** The mobile menu's category list has no cars entry (docs/product.md §2, Header). */
export const MOBILE_CATEGORIES: { label: string; href: string }[] = CONTEST_CATEGORIES.filter((c) => c !== "cars").map((c) => ({
  label: CATEGORY_LABELS[c],
  href: categoryHref(c),
}));

export const PROMO_TEXT = "Tickets from just $1.79 – enter today and drive away a winner!";
