/**
 * The scene of the public-draw suites (fair draws, inclusion proofs, instant wins, entering): a
 * database, the REST surface on a socket for the verifiers (scripts/tools/verify-draw.ts,
 * scripts/tools/verify-instant-wins.ts), an admin and two players, Ada Lovelace and Bob Jones, whose
 * masked names ("Ada L.", "Bob J.") the records show.
 */
import type { User } from "../../src/generated/prisma/client";
import { createTestDb, type TestDb } from "./db";
import { createUser } from "./fixtures";
import { type LocalServer, startRestServer } from "./servers";

export type DrawScene = { t: TestDb; app: LocalServer; admin: User; ada: User; bob: User; close: () => Promise<void> };

/** `bob` overrides Bob's fields (e.g. a balance of 0, or a lower-case last name). */
export async function openDrawScene(opts: { bob?: { balance?: string; lastName?: string } } = {}): Promise<DrawScene> {
  const t = await createTestDb();
  const app = await startRestServer();
  const admin = await createUser(t.db, { role: "owner" });
  const ada = await createUser(t.db, { balance: "100", firstName: "Ada", lastName: "Lovelace" });
  const bob = await createUser(t.db, { balance: "100", firstName: "Bob", lastName: "Jones", ...opts.bob });
  return {
    t,
    app,
    admin,
    ada,
    bob,
    close: async () => {
      await app.close();
      await t.close();
    },
  };
}
