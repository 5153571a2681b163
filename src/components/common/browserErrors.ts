/**
 * The browser's uncaught errors (an exception no handler caught, a rejected promise nobody awaited,
 * a render that failed) go to the app, which forwards them to SENTRY_DSN's endpoint when one is set
 * (src/app/api/client-errors/route.ts, src/server/ops/error-reports.ts). Same origin, so no DSN in the
 * bundle and nothing for the CSP to allow. What is sent: the error's name, message and stack, and
 * the page's path (no query, no hash); at most five reports per page load, each message once.
 */
const MAX_REPORTS = 5;
const sent = new Set<string>();

function send(error: unknown): void {
  const e = error instanceof Error ? error : new Error(typeof error === "string" ? error : "Non-Error thrown");
  const key = `${e.name}: ${e.message}`;
  if (sent.size >= MAX_REPORTS || sent.has(key)) return;
  sent.add(key);
  const body = JSON.stringify({
    name: e.name.slice(0, 200),
    message: e.message.slice(0, 2000),
    stack: e.stack?.slice(0, 8000),
    path: window.location.pathname.slice(0, 500),
  });
  void fetch("/api/client-errors", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body,
    keepalive: true,
  }).catch(() => {});
}

/** Listens for the page's uncaught errors; returns the function that stops listening. */
export function installBrowserErrorReports(): () => void {
  const onError = (event: ErrorEvent) => send(event.error ?? event.message);
  const onRejection = (event: PromiseRejectionEvent) => send(event.reason);
  window.addEventListener("error", onError);
  window.addEventListener("unhandledrejection", onRejection);
  return () => {
    window.removeEventListener("error", onError);
    window.removeEventListener("unhandledrejection", onRejection);
  };
}
