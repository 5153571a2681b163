import { wheelBalanceOutput, wheelSpinOutput, wheelStatusOutput } from "@/shared/schemas/responses";
import type { RestRow } from "../derive";

/** docs/product.md §7, wheel rows. The server draws; update-balance never adds money. */
export const wheelRoutes: RestRow[] = [
  {
    method: "GET",
    path: "/api/wheel/status",
    doc: {
      output: wheelStatusOutput,
      summary: "Wheel state: free spin, price, balance",
      access: "user",
      procedure: "wheel.status",
    },
  },
  {
    method: "POST",
    path: "/api/wheel/spin",
    doc: {
      errors: {
        403: "Paid spins are turned off",
        409: "No free spin left, not enough balance, or the seed rotated during the spin",
      },
      output: wheelSpinOutput,
      summary: "Spin the wheel (server-drawn)",
      access: "user",
      procedure: "wheel.spin",
      body: "input",
    },
  },
  {
    method: "POST",
    path: "/api/wheel/update-balance",
    doc: {
      output: wheelBalanceOutput,
      summary: "Legacy: acknowledges a spin result, never adds money",
      access: "user",
      procedure: "wheel.updateBalance",
      body: "input",
    },
  },
];
