import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import { ColorSchemeScript, mantineHtmlProps } from "@mantine/core";
import type { Metadata, Viewport } from "next";
import { headers } from "next/headers";
import classes from "./layout.module.css";
import { Providers } from "./providers";
import { AppHeader } from "@/components/layout/AppHeader";
import { DemoBanner } from "@/components/layout/DemoBanner";
import { Footer } from "@/components/layout/Footer";
import { paymentsSimulated } from "@/server/gateways";

export const metadata: Metadata = {
  title: { default: "Prize Contests – Win Your Dream Car", template: "%s | Prize Contests" },
  description: "Enter prize contests for cars, bikes, watches, houses and cash. Tickets from $1.79, paid with crypto.",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // The per-request CSP nonce from src/proxy.ts (reading headers also makes every page render per request).
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  return (
    <html lang="en" {...mantineHtmlProps}>
      <head>
        <ColorSchemeScript defaultColorScheme="light" nonce={nonce} />
      </head>
      <body className={classes.body}>
        <Providers>
          {paymentsSimulated() && <DemoBanner />}
          <AppHeader />
          <main id="main" className={classes.main}>
            {children}
          </main>
          <Footer />
        </Providers>
      </body>
    </html>
  );
}
