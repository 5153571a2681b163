/**
 * The app as the browser benches see it (first-load, lighthouse): a fresh PostgreSQL database with the
 * demo seed, a signed-in player's session, the newest active contest, and the built app on `port`
 * through `npm start`. `stop()` ends the app and drops the database.
 */
import { seed } from "../scripts/db/seed";
import { startApp, stopApp } from "../scripts/start-app";
import { createSession } from "../src/server/auth/session";
import { openDatabase } from "../src/server/platform/db";
import { benchAppEnv, createBenchDatabase } from "./lib";

export async function startBrowserBenchApp(
  prefix: string,
  port: number,
): Promise<{ token: string; contestId: string; stop: () => Promise<void> }> {
  const database = await createBenchDatabase(prefix);
  const handle = await openDatabase({ url: database.url, poolSize: 2 });
  await seed(handle.db);
  const player = await handle.db.user.findFirstOrThrow({ where: { email: "player@example.com" } });
  const token = (await createSession(handle.db, player.id)).token;
  const contest = await handle.db.contest.findFirstOrThrow({ where: { status: "active" }, orderBy: { createdAt: "desc" } });
  await handle.close();
  // COOKIE_SECURE=false: the session cookie must travel over plain http to localhost.
  const app = await startApp({
    port,
    entry: "server",
    env: { ...benchAppEnv(database.url), COOKIE_SECURE: "false" },
    readyPath: "/api/ready",
  }).catch(async (error: unknown) => {
    await database.drop();
    throw error;
  });
  return {
    token,
    contestId: contest.id,
    stop: async () => {
      await stopApp(app);
      await database.drop();
    },
  };
}
