/** Cart texts (docs/product.md §5 and §8), apart from the zod schemas so the browser's cart code stays light. */
import { LIMITS } from "./constants";

export const CART_MESSAGES = {
  contestId: "Contest ID required",
  quantity: `Quantity must be at least ${LIMITS.quantityMin}`,
  quantityWhole: "Quantity must be a whole number",
  quantityMax: `Quantity must be at most ${LIMITS.quantityMax}`,
  emptyCart: "Your cart is empty",
  tooManyLines: `A cart holds at most ${LIMITS.cartLinesMax} contests`,
  insufficientBalance: "Insufficient Balance",
} as const;
