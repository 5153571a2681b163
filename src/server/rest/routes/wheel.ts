import type { RestRoute } from "../types";

/** docs/product.md §7, wheel rows. The server draws; update-balance never adds money. */
export const wheelRoutes: RestRoute[] = [
  { method: "GET", path: "/api/wheel/status", call: (c) => c.wheel.status() },
  { method: "POST", path: "/api/wheel/spin", call: (c, { body }) => c.wheel.spin(body as never) },
  { method: "POST", path: "/api/wheel/update-balance", call: (c, { body }) => c.wheel.updateBalance(body as never) },
];
