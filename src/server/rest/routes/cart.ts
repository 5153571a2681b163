import type { RestRoute } from "../types";

/** REST rows of docs/product.md §7 for the cart and purchases. */
export const cartRoutes: RestRoute[] = [
  { method: "POST", path: "/api/cart/add", call: (c, { body }) => c.cart.add(body as never) },
  { method: "GET", path: "/api/user/purchases", call: (c) => c.cart.purchases() },
];
