import { Landing } from "@/components/landing/Landing";

/**
 * "/" for visitors: the landing page (docs/product.md §2), prerendered at build time and served as
 * a file. Signed-in players never reach this file: src/proxy.ts rewrites their "/" to
 * src/app/home/page.tsx, and sends a visitor's footer links (`/?category=…`, `/?support=1`) to
 * sign in first.
 */
export default function LandingPage() {
  return <Landing />;
}
