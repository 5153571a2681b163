import { IntentLink } from "@/components/common/links";
import type { ReactNode } from "react";
import { CATEGORY_LABELS, CONTEST_CATEGORIES, CRYPTO_LABELS, FOOTER_CRYPTO_CURRENCIES } from "@/shared/constants";
import { OrganisationLinks } from "@/components/common/SupportLinks";
import classes from "./Footer.module.css";
import { categoryHref } from "./nav";

/** docs/product.md §2 leaves the platform links' targets to us; these go where a visitor would expect. */
const PLATFORM_LINKS = [
  { label: "How it Works", href: "/dream-car-competition#how-it-works" },
  { label: "Recent Winners", href: "/winners" },
  { label: "Live Draws", href: "/draws/live" },
  { label: "Payment Methods", href: "#payment-methods" },
  { label: "Help Center", href: "/dream-car#how-it-works" },
  // Opens the support chat for a signed-in player; a visitor signs in first and lands on it.
  { label: "Contact Support", href: "/?support=1" },
  { label: "Complaints Policy", href: "/complaints-policy" },
  { label: "How we run our draws", href: "/how-we-run-our-draws" },
  { label: "Proof of liabilities", href: "/proof-of-liabilities" },
];

/**
 * Site footer: categories, platform links, payment tiles and legal labels. Server-rendered with a
 * CSS module; its only client parts are the links (IntentLink: prefetched when reached for, not when
 * in view, which on a short page had cost 16 server renders nobody asked for).
 */
export function Footer() {
  return (
    <footer className={classes.footer}>
      <div className={classes.inner}>
        <div className={classes.grid}>
          <div>
            <p className={classes.brand}>
              <img src="/logo.svg" alt="" width={28} height={28} />
              Prize Contests
            </p>
            <p className={classes.muted}>
              Win dream cars, bikes, watches, houses and cash. Tickets from $1.79, paid with crypto.
            </p>
          </div>
          <FooterNav id="footer-categories" title="Categories">
            {CONTEST_CATEGORIES.map((c) => (
              <li key={c}>
                {/* A full page load: the server decides between the player's home and sign-in first
                    (src/proxy.ts); the client router would reuse the static landing for "/". */}
                <a href={categoryHref(c)} className={classes.link}>
                  {CATEGORY_LABELS[c]}
                </a>
              </li>
            ))}
          </FooterNav>
          <FooterNav id="footer-platform" title="Platform">
            {PLATFORM_LINKS.map((l) => (
              <li key={l.label}>
                {l.href.startsWith("/?") ? (
                  <a href={l.href} className={classes.link}>
                    {l.label}
                  </a>
                ) : (
                  <IntentLink href={l.href} className={classes.link}>
                    {l.label}
                  </IntentLink>
                )}
              </li>
            ))}
          </FooterNav>
          <section id="payment-methods" aria-labelledby="footer-payments">
            <h2 id="footer-payments" className={classes.heading}>
              Payment Methods
            </h2>
            <ul className={classes.tiles}>
              {FOOTER_CRYPTO_CURRENCIES.map((c) => (
                <li key={c} className={classes.tile} data-testid="payment-tile">
                  <strong>{c}</strong>
                  <span className={classes.muted}>{CRYPTO_LABELS[c]}</span>
                </li>
              ))}
            </ul>
          </section>
        </div>
        <div className={classes.bottom}>
          <p className={classes.muted}>© {new Date().getFullYear()} Prize Contests. Play responsibly, 18+.</p>
          {/* Signposting (docs/fair-play.md "Safer play"): on every page, as the code of practice asks. */}
          <p className={classes.muted} data-testid="footer-support-links">
            Need help with gambling? <OrganisationLinks linkClassName={classes.inlineLink} />
          </p>
          <ul className={classes.legal}>
            <li>Privacy Policy</li>
            <li>Terms of Service</li>
            <li>
              <IntentLink href="/how-we-run-our-draws#safer-play" className={classes.link}>
                Responsible Gaming
              </IntentLink>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}

/** A titled list of links in the footer's grid. */
function FooterNav({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className={classes.heading}>
        {title}
      </h2>
      <ul className={classes.list}>{children}</ul>
    </nav>
  );
}
