import type { User } from "@/generated/prisma/client";
import { moneyString } from "@/shared/money";

/** docs/product.md §3 User, as GET /api/auth/user answers it. */
export type PublicUser = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  displayName: string | null;
  profileImageUrl: string | null;
  /** What the player can spend: cashBalance + creditBalance. */
  balance: string;
  /** Withdrawable money (docs/payments.md "Cash and credit"). */
  cashBalance: string;
  /** Spend-only site credit, spent before cash. */
  creditBalance: string;
  createdAt: Date;
  isAdmin: boolean;
};

export function toPublicUser(user: User): PublicUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    displayName: user.displayName,
    profileImageUrl: user.profileImageUrl,
    balance: moneyString(user.balance),
    cashBalance: moneyString(user.cashBalance),
    creditBalance: moneyString(user.creditBalance),
    createdAt: user.createdAt,
    isAdmin: user.role === "admin",
  };
}
