import type { MetadataRoute } from "next";
import { appOrigin } from "@/server/platform/env";

// Read at request time: the public origin is the deployment's APP_URL, not the build machine's.
export const dynamic = "force-dynamic";

/** `/robots.txt`: the public pages may be crawled; accounts, payments, admin and the API may not. */
export default function robots(): MetadataRoute.Robots {
  return {
    rules: {
      userAgent: "*",
      allow: "/",
      disallow: [
        "/api/",
        "/admin",
        "/pay/",
        "/payments",
        "/withdrawals",
        "/prizes",
        "/rewards",
        "/r/",
        "/wheel",
        "/home",
        "/reset-password",
        "/verify-email",
      ],
    },
    sitemap: `${appOrigin()}/sitemap.xml`,
  };
}
