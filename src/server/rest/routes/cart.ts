import { z } from "zod";
import { checkoutOutput, purchaseOutput } from "@/shared/schemas/responses";
import { callWithJson } from "../json-input";
import { PAGE_PARAMS, queryInput } from "../paging";
import type { RestRoute } from "../types";

/** REST rows of docs/product.md §7 for the cart and purchases. */
export const cartRoutes: RestRoute[] = [
  {
    method: "POST",
    path: "/api/cart/add",
    doc: { output: checkoutOutput, summary: "Buy tickets for one contest", access: "user", procedure: "cart.add", body: "input" },
    call: (c, { body }) => callWithJson(c.cart.add, body),
  },
  {
    method: "GET",
    path: "/api/user/purchases",
    doc: {
      output: z.array(purchaseOutput),
      summary: "The user's purchases and results, newest first (a page: ?limit, default 50, ?cursor = the last entryId seen)",
      access: "user",
      procedure: "cart.purchases",
      query: [...PAGE_PARAMS],
    },
    call: (c, { query }) => callWithJson(c.cart.purchases, queryInput(query)),
  },
];
