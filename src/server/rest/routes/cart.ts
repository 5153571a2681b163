import { z } from "zod";
import { checkoutOutput, purchaseOutput } from "@/shared/schemas/responses";
import { PAGE_PARAMS } from "../paging";
import type { RestRow } from "../derive";

/** REST rows of docs/product.md §7 for the cart and purchases. */
export const cartRoutes: RestRow[] = [
  {
    method: "POST",
    path: "/api/cart/add",
    doc: {
      errors: {
        403: "Self-excluded, no age declared where one is required, or over a spend limit",
        404: "No such contest",
        409: "Sold out, closed, over the per-player cap, the price changed, a promo code used up, or not enough balance",
      },
      output: checkoutOutput,
      summary: "Buy tickets for one contest",
      access: "user",
      procedure: "cart.add",
      body: "input",
    },
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
  },
];
