/**
 * The browser opens our own pay page (/pay/<trackId>) on the host the player is on: the API answers
 * absolute links built from APP_URL (emails and other clients need them), which sent a player on
 * another name of the same site (www., an IP, a tunnel) to a host without their session.
 * A gateway's hosted page (live OxaPay) stays as it is.
 */
export function payPageHref(payLink: string, trackId: string): string {
  const own = `/pay/${encodeURIComponent(trackId)}`;
  try {
    const url = new URL(payLink, "http://relative.invalid");
    if (url.pathname === own || url.pathname === `/pay/${trackId}`) return `${url.pathname}${url.search}`;
  } catch {
    /* not a URL: leave it */
  }
  return payLink;
}
