/**
 * Zero bytes of one player's data in another player's answer: a property test over
 * random interleavings of logins, logouts, purchases and page loads from many players, through
 * the fast path (src/server/edge/fast-path.ts) and, for what it declines, a stand-in for Next that runs
 * the real src/proxy.ts and whose routes print whatever identity they are given
 * (tests/helpers/next-stand-in.ts): a display name, balance and limits, and every header seen.
 * The players have distinctive names, balances and limits; their session tokens count as theirs
 * too. A page the fast path keeps must therefore have been rendered without anyone's identity.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { User } from "../../src/generated/prisma/client";
import { createSession } from "../../src/server/auth/session";
import { createFastPath } from "../../src/server/edge/fast-path";
import { checkout } from "../../src/server/services/checkout";
import { SESSION_COOKIE } from "../../src/shared/constants";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { createContest, createUser } from "../helpers/fixtures";
import { BOOTSTRAP_SCRIPT, startNextStandIn } from "../helpers/next-stand-in";
import { scriptHash } from "../../src/server/edge/kept-page-scripts";

const PLAYERS = 6;

type Player = { user: User; token: string | null; secrets: Set<string> };
type Command = { player: number; action: "login" | "logout" | "purchase" | "home" | "contest" | "winners" | "visit" };

function get(base: string, urlPath: string, cookie?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${urlPath}`, { headers: cookie ? { cookie } : {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
    });
    req.on("error", reject);
    req.end();
  });
}

describe(`no player's data in another player's answer (${dbKind()})`, () => {
  let t: TestDb;
  let next: Awaited<ReturnType<typeof startNextStandIn>>;
  let server: http.Server;
  let base = "";
  let contestId = "";
  const players: Player[] = [];

  beforeAll(async () => {
    t = await createTestDb();
    contestId = (await createContest(t.db, { title: "Privacy Watch" })).id;
    for (let i = 0; i < PLAYERS; i += 1) {
      const user = await createUser(t.db, {
        firstName: `Zelda${i}q`,
        lastName: `Quorra${i}x`,
        email: `private-${i}-person@example.com`,
        balance: `${7000 + i * 111}.${417 + i}`,
      });
      const limited = await t.db.user.update({ where: { id: user.id }, data: { dailyLimit: `${900 + i}.${713 + i}` } });
      players.push({
        user: limited,
        token: null,
        secrets: new Set([
          limited.firstName,
          limited.lastName,
          limited.email,
          limited.id,
          limited.balance.toFixed(3),
          String(limited.dailyLimit?.toFixed(3)),
        ]),
      });
    }
    next = await startNextStandIn();
    const fastPath = createFastPath(new Map(), {
      renderOrigin: () => next.origin,
      nextScripts: new Set([scriptHash(BOOTSTRAP_SCRIPT)]),
    });
    // As src/server/edge/server.mjs: the fast path first, the rest to Next.
    server = http.createServer((req, res) => {
      void fastPath(req, res).then((served) => {
        if (served) return;
        const forward = http.request(`${next.origin}${req.url}`, { method: req.method, headers: req.headers }, (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        });
        req.pipe(forward);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    if (server) await new Promise((resolve) => server.close(resolve));
    if (next) await new Promise((resolve) => next.server.close(resolve));
    await t?.close();
  });

  async function run(cmd: Command): Promise<{ reader: number | null; body: string } | null> {
    const player = players[cmd.player] as Player;
    const cookie = player.token ? `${SESSION_COOKIE}=${player.token}` : undefined;
    switch (cmd.action) {
      case "login": {
        player.token = (await createSession(t.db, player.user.id)).token;
        player.secrets.add(player.token);
        return null;
      }
      case "logout": {
        if (!cookie) return null;
        const res = await fetch(`${next.origin}/api/auth/logout`, { method: "POST", headers: { cookie } });
        expect([200, 401]).toContain(res.status); // 401: that session had already ended
        return null; // the token stays in hand: later loads with it race the logout or follow it
      }
      case "purchase": {
        await checkout(t.db, player.user.id, [{ contestId, quantity: 1 }]);
        const { balance } = await t.db.user.findUniqueOrThrow({ where: { id: player.user.id } });
        player.secrets.add(balance.toFixed(3));
        return null;
      }
      case "visit":
        return { reader: null, body: (await get(base, "/")).body };
      default: {
        const urlPath = cmd.action === "home" ? "/" : cmd.action === "contest" ? `/contest/${contestId}` : "/winners";
        return { reader: cmd.player, body: (await get(base, urlPath, cookie)).body };
      }
    }
  }

  it("holds for random interleavings of logins, logouts, purchases and page loads", async () => {
    const command = fc.record({
      player: fc.nat({ max: PLAYERS - 1 }),
      action: fc.constantFrom("login", "logout", "purchase", "home", "home", "contest", "contest", "winners", "visit"),
    }) as fc.Arbitrary<Command>;
    const keptBefore = next.state.renders;
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(command, { minLength: 1, maxLength: 8 }), { minLength: 2, maxLength: 4 }),
        async (rounds) => {
          for (const round of rounds) {
            // Each round's commands run at the same moment: their order is the runtime's.
            const answers = await Promise.all(round.map(run));
            for (const answer of answers) {
              if (!answer) continue;
              players.forEach((other, j) => {
                if (j === answer.reader) return;
                for (const secret of other.secrets) {
                  if (answer.body.includes(secret)) throw new Error(`player ${j}'s "${secret}" reached reader ${answer.reader}`);
                }
              });
            }
          }
        },
      ),
      { numRuns: 15 },
    );
    // The interleavings did exercise the kept pages (renders happened, identity-free ones among them).
    expect(next.state.renders).toBeGreaterThan(keptBefore);
    expect(next.state.seen.some((s) => s.route === "/shell/home" && s.cookie === null)).toBe(true);
    expect(
      next.state.seen.filter((s) => s.route.startsWith("/shell/") || s.route === "/winners").every((s) => s.cookie === null),
    ).toBe(true);
  });
});
