import { SUPPORT_ORGANISATIONS } from "@/shared/support-organisations";
import classes from "./SupportLinks.module.css";

/**
 * Where to get help with gambling (docs/fair-play.md "Safer play"): on every spending screen and
 * in the footer. Plain HTML, so server pages and client screens can both render it.
 */
export function SupportLinks({ compact = false }: { compact?: boolean }) {
  return (
    <p className={compact ? `${classes.links} ${classes.compact}` : classes.links} data-testid="support-links">
      Worried about your play? Free, confidential help: <OrganisationLinks linkClassName={classes.link} />
    </p>
  );
}

/** The support organisations' links, separated by dots; the footer styles them its own way. */
export function OrganisationLinks({ linkClassName }: { linkClassName: string | undefined }) {
  return SUPPORT_ORGANISATIONS.map((o, i) => (
    <span key={o.url}>
      {i > 0 ? " · " : ""}
      <a href={o.url} target="_blank" rel="noopener noreferrer" className={linkClassName}>
        {o.name}
      </a>
    </span>
  ));
}
