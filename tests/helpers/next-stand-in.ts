/**
 * A stand-in for Next behind the fast path (src/server/edge/fast-path.ts renders kept pages through
 * it): every request goes through the real src/proxy.ts first, with what Next then does with the
 * proxy's answer (the rewrite, the request headers the route sees, the answer's headers), and
 * /api/* through the real REST adapter (a real logout). The page routes are written as the worst
 * route could be: each prints every request header it sees, and a route reached with a valid
 * session prints that player's name, balance and limits (not the id or e-mail, which the old
 * text-search guard looked for). So a kept page holds someone's
 * identity exactly when the route that rendered it was given one. The shared routes
 * (src/app/shell/, /winners) write their marker as the real ones do (sharedPageMetadata);
 * /home gives the landing to a session that has ended, as src/app/home/page.tsx does.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { NextRequest } from "next/server";
import { validateSessionToken, readSessionToken } from "../../src/server/auth/session";
import { getDb } from "../../src/server/platform/db";
import { SHARED_PAGE_META, sharedRouteKey } from "../../src/server/edge/shared-pages";
import { handleRestRequest } from "../../src/server/rest/handler";
import { proxy } from "../../src/proxy";

/** Next's code script every page carries (the flight bootstrap); tests list it as the build's. */
export const BOOTSTRAP_SCRIPT = "(self.__next_f=self.__next_f||[]).push([0])";

/** What Next does with the proxy's answer: the route reached, the headers it sees, the headers added to the answer. */
export function throughProxy(req: http.IncomingMessage): { route: string; seen: Headers; answer: Headers } {
  const url = new URL(req.url ?? "/", "http://127.0.0.1");
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(", ") : value);
  }
  const res = proxy(new NextRequest(url, { headers }));
  const rewrite = res.headers.get("x-middleware-rewrite");
  const override = res.headers.get("x-middleware-override-headers");
  let seen = headers;
  if (override !== null) {
    seen = new Headers();
    for (const name of override.split(",").filter(Boolean)) {
      const value = res.headers.get(`x-middleware-request-${name}`);
      if (value !== null) seen.set(name, value);
    }
  }
  const answer = new Headers();
  res.headers.forEach((value, name) => {
    if (!name.startsWith("x-middleware-")) answer.set(name, value);
  });
  return { route: rewrite ? new URL(rewrite).pathname : url.pathname, seen, answer };
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
const flightPush = (text: string) =>
  `self.__next_f.push(${JSON.stringify([1, text]).replace(/[&><\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`)})`;

export type StandInState = {
  renders: number;
  /** Every route rendered, in order, with the cookie it saw. */
  seen: Array<{ route: string; cookie: string | null }>;
  /** Renders wait for this before reading the session (a logout landing mid-render). */
  gate?: Promise<void>;
  /** Test switches: drop the route's marker; add an inline script Next did not emit. */
  dropMarker: boolean;
  extraScript: string;
  strayNonce: boolean;
};

export async function startNextStandIn(): Promise<{ server: http.Server; origin: string; state: StandInState }> {
  const state: StandInState = { renders: 0, seen: [], dropMarker: false, extraScript: "", strayNonce: false };

  async function page(route: string, seen: Headers): Promise<{ status: number; body: string }> {
    await state.gate;
    const token = readSessionToken(seen);
    const who = token ? await validateSessionToken(await getDb(), token) : null;
    const identity = who
      ? ` player ${who.user.firstName} ${who.user.lastName} balance ${who.user.balance.toFixed(3)} daily ${who.user.dailyLimit?.toFixed(3)}`
      : "";
    const headersSeen = [...seen].filter(([name]) => name !== "content-security-policy").map(([n, v]) => `${n}=${v}`);
    const key = sharedRouteKey(route);
    if (route === "/home" && !who) return { status: 200, body: "<h1>Visitor landing</h1>" };
    if (route === "/missing") return { status: 404, body: "<h1>404</h1>" };
    const marker = key && !state.dropMarker ? `<meta name="${SHARED_PAGE_META}" content="${key}"/>` : "";
    return {
      status: 200,
      body: `${marker}<h1>Page ${escapeHtml(route)}</h1><p>${escapeHtml(identity)} seen ${escapeHtml(headersSeen.join("; "))}</p>`,
    };
  }

  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      if (url.pathname.startsWith("/api/")) {
        const chunks: Buffer[] = [];
        for await (const c of req) chunks.push(c as Buffer);
        const headers = new Headers();
        for (const [n, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(n, v);
        const body = chunks.length ? Buffer.concat(chunks) : undefined;
        const answer = await handleRestRequest(
          new Request(`http://localhost:3000${req.url}`, { method: req.method, headers, body }),
        );
        res.statusCode = answer.status;
        res.end(await answer.text());
        return;
      }
      const { route, seen, answer } = throughProxy(req);
      state.renders += 1;
      state.seen.push({ route, cookie: seen.get("cookie") });
      const { status, body } = await page(route, seen);
      const nonce = `n${state.renders}AAAA==`;
      const stray = state.strayNonce ? `<script nonce="other">x()</script>` : "";
      answer.forEach((value, name) => {
        res.setHeader(name, value);
      });
      // Next puts the nonce of the proxy's CSP on its scripts; here a fresh one per render, as Next's own.
      res.setHeader("content-security-policy", `script-src 'self' 'nonce-${nonce}'`);
      res.setHeader("content-type", "text/html; charset=utf-8");
      res.statusCode = status;
      res.end(
        `<!DOCTYPE html><html><head><script src="/_next/static/chunks/a.js" nonce="${nonce}" async=""></script></head><body>${body}` +
          `<script nonce="${nonce}">${BOOTSTRAP_SCRIPT}</script>` +
          `<script nonce="${nonce}">${flightPush(`render ${state.renders} {"nonce":"${nonce}"} ${body}`)}</script>${stray}${state.extraScript}</body></html>`,
      );
    })().catch((error: unknown) => {
      res.statusCode = 500;
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, state };
}
