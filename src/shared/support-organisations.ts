/** Help organisations every safer-play notice links to (docs/fair-play.md "Safer play"); no zod, so any page may show them. */
export type SupportOrganisation = { name: string; url: string };
/** The UK defaults; NEXT_PUBLIC_SUPPORT_LINKS ("Name|https://…;Name|https://…") replaces them at build time. */
export const DEFAULT_SUPPORT_ORGANISATIONS: SupportOrganisation[] = [
  { name: "GamCare", url: "https://www.gamcare.org.uk" },
  { name: "BeGambleAware", url: "https://www.begambleaware.org" },
];

/** Parses the setting; entries that are not "Name|https://…" are dropped, and none left means the defaults. */
export function parseSupportLinks(setting: string | undefined): SupportOrganisation[] {
  const out: SupportOrganisation[] = [];
  for (const part of (setting ?? "").split(";")) {
    const [name, url] = part.split("|").map((s) => s.trim());
    if (name && url && /^https:\/\/[^\s"<>]+$/.test(url) && name.length <= 60) out.push({ name, url });
  }
  return out.length ? out.slice(0, 6) : DEFAULT_SUPPORT_ORGANISATIONS;
}

/** Inlined by Next at build time, so the server and the browser read the same list. */
export const SUPPORT_ORGANISATIONS = parseSupportLinks(process.env.NEXT_PUBLIC_SUPPORT_LINKS);
