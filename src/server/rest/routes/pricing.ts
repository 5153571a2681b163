import { z } from "zod";
import {
  adminPromoCodeOutput,
  contestWithMessageOutput,
  promoCodeCreatedOutput,
  promoCodeWithMessageOutput,
  promoQuoteOutput,
} from "@/shared/schemas/responses";
import { PAGE_PARAMS } from "../paging";
import type { RestRow } from "../derive";

/** Bundle tiers and promo codes (docs/payments.md "Prices, bundles and promo codes"). */
export const pricingRoutes: RestRow[] = [
  {
    method: "POST",
    path: "/api/cart/promo",
    doc: {
      errors: { 404: "No such contest", 409: "The promo code is used up, for everyone or for this player" },
      output: promoQuoteOutput,
      summary: "Price the cart with a promo code for this player (checks the code; only checkout uses it)",
      access: "user",
      procedure: "pricing.quote",
      body: "input",
    },
  },
  {
    method: "GET",
    path: "/api/admin/promo-codes",
    doc: {
      output: z.array(adminPromoCodeOutput),
      summary:
        "Promo codes newest first with their uses and total discount (a page: ?limit, default 50, ?cursor = the last id seen)",
      access: "admin",
      procedure: "pricing.promoCodes",
      query: [...PAGE_PARAMS],
    },
  },
  {
    method: "POST",
    path: "/api/admin/promo-codes",
    status: 201,
    doc: {
      errors: { 404: "No such contest", 409: "The code exists already" },
      output: promoCodeCreatedOutput,
      summary: "Create a promo code (percent or fixed; minimum spend, use limits, window, first purchase, one contest)",
      access: "admin",
      procedure: "pricing.createPromoCode",
      body: "input",
    },
  },
  {
    method: "POST",
    path: "/api/admin/promo-codes/:id/status",
    doc: {
      output: promoCodeWithMessageOutput,
      summary: "Disable a promo code, or enable it again",
      access: "admin",
      procedure: "pricing.setPromoCodeStatus",
      body: "rest",
    },
  },
  {
    method: "PUT",
    path: "/api/admin/contests/:contestId/bundle-tiers",
    doc: {
      errors: { 409: "The contest is not active" },
      output: contestWithMessageOutput,
      summary: "Set a contest's multi-buy prices (at most 5 tiers, 1..90% off; [] removes them)",
      access: "admin",
      procedure: "pricing.setBundleTiers",
      body: "rest",
    },
  },
];
