/** Accounts: sign-up, login, logout. Recovery and rate limits build on these. */
import type { SignupInput } from "@/shared/schemas/auth";
import { dummyPasswordHash, hashSecret, normaliseAnswer, verifySecret } from "../auth/password";
import { createSession, invalidateSession, type SessionInfo } from "../auth/session";
import type { Db } from "../db";
import { conflict, unauthorized } from "../errors";
import { notify, WELCOME_NOTIFICATION } from "./notifications";
import { Prisma } from "@/generated/prisma/client";
import type { User } from "@/generated/prisma/client";

export const INVALID_LOGIN = "Invalid email or password";

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function signup(db: Db, input: SignupInput): Promise<User> {
  const email = normaliseEmail(input.email);
  const [passwordHash, securityAnswerHash] = await Promise.all([
    hashSecret(input.password),
    hashSecret(normaliseAnswer(input.securityAnswer)),
  ]);
  try {
    const user = await db.user.create({
      data: {
        email,
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
        passwordHash,
        securityQuestion: input.securityQuestion,
        securityAnswerHash,
      },
    });
    await notify(db, user.id, WELCOME_NOTIFICATION); // welcome notification (notifications issue)
    return user;
  } catch (e) {
    if (e instanceof Prisma.PrismaClientKnownRequestError && e.code === "P2002") {
      throw conflict("An account with this email already exists");
    }
    throw e;
  }
}

/** Checks the password and opens a new session (a new one at every login). */
export async function login(
  db: Db,
  input: { email: string; password: string },
): Promise<{ user: User; token: string; session: SessionInfo }> {
  const user = await db.user.findUnique({ where: { email: normaliseEmail(input.email) } });
  const ok = await verifySecret(user?.passwordHash ?? (await dummyPasswordHash()), input.password);
  if (!user || !ok) throw unauthorized(INVALID_LOGIN);
  const { token, session } = await createSession(db, user.id);
  return { user, token, session };
}

export async function logout(db: Db, sessionId: string): Promise<void> {
  await invalidateSession(db, sessionId);
}
