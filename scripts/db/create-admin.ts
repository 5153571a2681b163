/**
 * npm run admin:create -- <email> [--first-name Ada] [--last-name Admin] [--reset-password]
 *
 * The first admin of a fresh deployment, without SQL (docs/deploy.md "The first admin"). Idempotent:
 * - no account with that e-mail: creates it as an admin with the password read from standard input
 *   (one line: `printf '%s\n' "$PASSWORD" | npm run admin:create -- ops@example.com`), or asked for
 *   without echo on a terminal; never from the command line, where the process list would show it;
 * - an account that is not an admin: made one (its password stays unless --reset-password);
 * - an admin already: nothing changes (with --reset-password its password is replaced and its
 *   sessions end).
 * Passwords are hashed like every other (src/server/auth/password.ts). The account's security answer
 * is a random secret nobody knows: an admin recovers access by running this again with
 * --reset-password (reset links are never made for admins: docs/email.md). Runs on DATABASE_URL, else
 * the embedded database at PGLITE_DIR. Exit 0 on success (whatever changed), 1 on bad input.
 */
import { randomBytes } from "node:crypto";
import { pathToFileURL } from "node:url";
import { z } from "zod";
import { hashSecret, normaliseAnswer } from "../../src/server/auth/password";
import { closeDatabase, type Db, getDb } from "../../src/server/platform/db";
import { describeDatabase } from "../../src/server/platform/env";
import { LIMITS, SECURITY_QUESTIONS } from "../../src/shared/constants";
import { loginSchema } from "../../src/shared/schemas/auth";

export type CreateAdminInput = {
  email: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  resetPassword?: boolean;
};
export type CreateAdminResult = { outcome: "created" | "promoted" | "unchanged"; passwordReset: boolean; userId: string };

const nameSchema = z.string().trim().min(LIMITS.nameMin).max(50);

/** Creates or promotes the admin (see the header); throws on an invalid e-mail, name or password. */
export async function createAdmin(db: Db, input: CreateAdminInput): Promise<CreateAdminResult> {
  const email = loginSchema.shape.email.parse(input.email).toLowerCase();
  const password = (needed: boolean) => {
    if (!needed) return undefined;
    const parsed = loginSchema.shape.password.safeParse(input.password ?? "");
    if (!parsed.success) throw new Error(`Password must be at least ${LIMITS.passwordMin} characters`);
    return parsed.data;
  };
  const existing = await db.user.findUnique({ where: { email }, select: { id: true, role: true } });
  if (!existing) {
    const plain = password(true) as string;
    const user = await db.user.create({
      data: {
        email,
        firstName: nameSchema.parse(input.firstName ?? "Site"),
        lastName: nameSchema.parse(input.lastName ?? "Admin"),
        role: "owner",
        passwordHash: await hashSecret(plain),
        securityQuestion: SECURITY_QUESTIONS[0],
        securityAnswerHash: await hashSecret(normaliseAnswer(randomBytes(32).toString("base64url"))),
      },
      select: { id: true },
    });
    return { outcome: "created", passwordReset: false, userId: user.id };
  }
  const plain = password(Boolean(input.resetPassword));
  const promote = existing.role !== "owner";
  if (promote || plain) {
    await db.$transaction(async (tx) => {
      await tx.user.update({
        where: { id: existing.id },
        data: { role: "owner", ...(plain ? { passwordHash: await hashSecret(plain) } : {}) },
      });
      // A new password ends every session the old one opened.
      if (plain) await tx.session.deleteMany({ where: { userId: existing.id } });
    });
  }
  return { outcome: promote ? "promoted" : "unchanged", passwordReset: Boolean(plain), userId: existing.id };
}

/** One line from standard input: piped, or typed at a terminal without echo. */
async function readPassword(): Promise<string> {
  const stdin = process.stdin;
  if (!stdin.isTTY) {
    let text = "";
    for await (const chunk of stdin) text += chunk;
    return text.split(/\r?\n/)[0] ?? "";
  }
  process.stderr.write("Password (not shown): ");
  stdin.setRawMode(true);
  stdin.setEncoding("utf8");
  return new Promise((resolve) => {
    let text = "";
    const onData = (key: string) => {
      for (const ch of key) {
        if (ch === "\r" || ch === "\n" || ch === "\u0004") {
          stdin.off("data", onData);
          stdin.setRawMode(false);
          stdin.pause();
          process.stderr.write("\n");
          resolve(text);
          return;
        }
        if (ch === "\u0003") process.exit(130);
        if (ch === "\u007f") text = text.slice(0, -1);
        else text += ch;
      }
    };
    stdin.on("data", onData);
  });
}

function parseArgs(argv: string[]): CreateAdminInput | string {
  const input: CreateAdminInput = { email: "" };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (arg === "--first-name") input.firstName = argv[++i];
    else if (arg === "--last-name") input.lastName = argv[++i];
    else if (arg === "--reset-password") input.resetPassword = true;
    else if (arg.startsWith("--")) return `unknown option ${arg}`;
    else if (!input.email) input.email = arg;
    else return `unexpected argument ${arg}`;
  }
  return input.email ? input : "usage: npm run admin:create -- <email> [--first-name A] [--last-name B] [--reset-password]";
}

async function main(): Promise<number> {
  const input = parseArgs(process.argv.slice(2));
  if (typeof input === "string") {
    console.error(input);
    return 1;
  }
  const db = await getDb();
  const email = input.email.trim().toLowerCase();
  const exists = await db.user.findUnique({ where: { email }, select: { id: true } });
  if (!exists || input.resetPassword) input.password = await readPassword();
  try {
    const result = await createAdmin(db, input);
    const said = {
      created: `created the admin ${email}`,
      promoted: `made ${email} an admin`,
      unchanged: `${email} is already an admin: nothing changed`,
    }[result.outcome];
    console.log(`${said}${result.passwordReset ? " (new password set; its sessions ended)" : ""} on ${describeDatabase()}`);
    return 0;
  } catch (error) {
    const message = error instanceof z.ZodError ? error.issues.map((i) => i.message).join("; ") : (error as Error).message;
    console.error(`not done: ${message}`);
    return 1;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main()
    .then(async (code) => {
      await closeDatabase();
      process.exit(code);
    })
    .catch(async (e: unknown) => {
      console.error(e);
      await closeDatabase().catch(() => {});
      process.exit(2);
    });
}
