/** Exact money on the server: Prisma.Decimal in, decimal strings out. */
import { Prisma } from "@/generated/prisma/client";

export const Decimal = Prisma.Decimal;
export type Decimal = Prisma.Decimal;

export function toDecimal(value: string | number | Prisma.Decimal): Prisma.Decimal {
  return new Prisma.Decimal(value);
}

/** Prices: always 2 decimals ("1.79"). */
export function priceString(value: Prisma.Decimal | null | undefined): string | null {
  return value == null ? null : value.toFixed(2);
}

/** Balances and amounts that can carry mills ($0.001): 2 decimals, 3 when the third is not zero. */
export function amountString(value: Prisma.Decimal): string {
  const three = value.toFixed(3);
  return three.endsWith("0") ? value.toFixed(2) : three;
}
