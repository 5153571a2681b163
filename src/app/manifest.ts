import type { MetadataRoute } from "next";

/** The web app manifest (`/manifest.webmanifest`, linked from every page by Next): installable, with the site's icon. */
export default function manifest(): MetadataRoute.Manifest {
  return {
    name: "Prize Contests",
    short_name: "Prize Contests",
    description: "Enter prize contests for cars, bikes, watches, houses and cash.",
    start_url: "/",
    scope: "/",
    display: "standalone",
    background_color: "#ffffff",
    theme_color: "#7048e8",
    icons: [
      { src: "/icon.svg", sizes: "any", type: "image/svg+xml", purpose: "any" },
      { src: "/logo.svg", sizes: "any", type: "image/svg+xml", purpose: "any" },
    ],
  };
}
