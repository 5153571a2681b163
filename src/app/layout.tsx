// Only the sheets of the Mantine components in use (scripts/tools/mantine-styles.ts), not all of styles.css.
import "../../generated/mantine.css";
import "@mantine/notifications/styles.css";
import { mantineHtmlProps } from "@mantine/core";
import type { Metadata, Viewport } from "next";
import classes from "./layout.module.css";
import { Providers } from "./providers";
import { AppHeader } from "@/components/layout/AppHeader";
import { DemoBanner } from "@/components/layout/DemoBanner";
import { Footer } from "@/components/layout/Footer";
import { ServiceWorker } from "@/components/layout/ServiceWorker";

export const metadata: Metadata = {
  title: { default: "Prize Contests – Win Your Dream Car", template: "%s | Prize Contests" },
  description: "Enter prize contests for cars, bikes, watches, houses and cash. Tickets from $1.79, paid with crypto.",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#7048e8" };

/**
 * The root layout reads nothing from the request, so pages that need no request data (the
 * landing, the dream-car pages, 404, the sign-in forms) are prerendered at build time and served
 * as files; their inline scripts are allowed by hash (scripts/build/csp-hashes.ts, src/proxy.ts).
 * The site is light-only (src/app/providers.tsx forces it), so Mantine's ColorSchemeScript, an
 * inline script, is not needed: mantineHtmlProps sets the scheme attribute.
 */
export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en" {...mantineHtmlProps}>
      <body className={classes.body}>
        <Providers>
          <AppHeader />
          <main id="main" className={classes.main}>
            {children}
          </main>
          <Footer />
          <DemoBanner />
          <ServiceWorker />
        </Providers>
      </body>
    </html>
  );
}
