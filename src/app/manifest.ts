import type { MetadataRoute } from "next";

/**
 * The web app manifest (`/manifest.webmanifest`, linked from every page by Next): installable (with the
 * service worker, src/sw/sw.ts; e2e/push.spec.ts asks Chromium), with the site's icon, a maskable one
 * for Android's shaped icons.
 */
export default function manifest(): MetadataRoute.Manifest {
  return {
    id: "/",
    name: "Prize Contests",
    short_name: "Prize Contests",
    description: "Enter prize contests for cars, bikes, watches, houses and cash.",
    start_url: "/",
    scope: "/",
    display: "standalone",
    background_color: "#ffffff",
    theme_color: "#7048e8",
    // PNGs for installers that read no SVG (Android's, most desktop ones): scripts/tools/make-icons.ts draws them from src/app/icon.svg.
    icons: [
      { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icons/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      { src: "/icon.svg", sizes: "any", type: "image/svg+xml", purpose: "any" },
    ],
  };
}
