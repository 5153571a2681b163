import type { z } from "zod";
import type { userOutput } from "@/shared/schemas/responses";
import type { User } from "@/generated/prisma/client";
import { moneyString } from "@/shared/money";
import { isStaffRole } from "@/shared/staff";

/** docs/product.md §3 User, as GET /api/auth/user answers it. */
export type PublicUser = z.output<typeof userOutput>;

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
    isAdmin: isStaffRole(user.role),
    staffRole: isStaffRole(user.role) ? user.role : null,
  };
}
