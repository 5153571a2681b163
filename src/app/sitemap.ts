import type { MetadataRoute } from "next";
import { appOrigin } from "@/server/platform/env";

// Read at request time: the public origin is the deployment's APP_URL, not the build machine's.
export const dynamic = "force-dynamic";

/** The pages a visitor can open without an account (docs/public.md); contest pages need a sign-in. */
export const PUBLIC_PAGES = [
  "/",
  "/dream-car",
  "/dream-car-competition",
  "/winners",
  "/signup",
  "/login",
  "/complaints-policy",
] as const;

/** `/sitemap.xml`. */
export default function sitemap(): MetadataRoute.Sitemap {
  const origin = appOrigin();
  return PUBLIC_PAGES.map((path) => ({
    url: `${origin}${path}`,
    changeFrequency: path === "/winners" || path === "/" ? "daily" : "monthly",
    priority: path === "/" ? 1 : 0.5,
  }));
}
