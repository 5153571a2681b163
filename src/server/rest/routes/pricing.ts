import { z } from "zod";
import {
  adminPromoCodeOutput,
  contestWithMessageOutput,
  promoCodeWithMessageOutput,
  promoQuoteOutput,
} from "@/shared/schemas/responses";
import { callWithJson } from "../json-input";
import { PAGE_PARAMS, queryInput } from "../paging";
import type { RestRoute } from "../types";

/** Bundle tiers and promo codes (issue 35; docs/payments.md "Prices, bundles and promo codes"). */
export const pricingRoutes: RestRoute[] = [
  {
    method: "POST",
    path: "/api/cart/promo",
    doc: {
      output: promoQuoteOutput,
      summary: "Price the cart with a promo code for this player (checks the code; only checkout uses it)",
      access: "user",
      procedure: "pricing.quote",
      body: "input",
    },
    call: (c, { body }) => callWithJson(c.pricing.quote, body),
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
    call: (c, { query }) => callWithJson(c.pricing.promoCodes, queryInput(query)),
  },
  {
    method: "POST",
    path: "/api/admin/promo-codes",
    status: 201,
    doc: {
      output: promoCodeWithMessageOutput,
      summary: "Create a promo code (percent or fixed; minimum spend, use limits, window, first purchase, one contest)",
      access: "admin",
      procedure: "pricing.createPromoCode",
      body: "input",
    },
    call: (c, { body }) => callWithJson(c.pricing.createPromoCode, body),
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
    call: (c, { params, body }) => callWithJson(c.pricing.setPromoCodeStatus, { id: params.id ?? "", disabled: body.disabled }),
  },
  {
    method: "PUT",
    path: "/api/admin/contests/:contestId/bundle-tiers",
    doc: {
      output: contestWithMessageOutput,
      summary: "Set a contest's multi-buy prices (at most 5 tiers, 1..90% off; [] removes them)",
      access: "admin",
      procedure: "pricing.setBundleTiers",
      body: "rest",
    },
    call: (c, { params, body }) =>
      callWithJson(c.pricing.setBundleTiers, { contestId: params.contestId ?? "", tiers: body.tiers }),
  },
];
