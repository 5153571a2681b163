import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { User } from "../../src/generated/prisma/client";
import { buildDrawTree, inclusionProof, PROOF_RATE_RULE, ENTRIES_HASH_SQL } from "../../src/server/services/draws";
import { computeDrawWinner, entriesHashOf } from "../../src/shared/draw";
import { verifyInclusion } from "../../src/shared/merkle";
import { dbKind, type TestDb } from "../helpers/db";
import { buyTickets } from "../helpers/entries";
import { createContest, createUser, rest } from "../helpers/fixtures";
import type { LocalServer } from "../helpers/servers";
import { type DrawScene, openDrawScene } from "../helpers/draw-scene";
import { verifyDraw } from "../../scripts/tools/verify-draw";

const run = promisify(execFile);

describe(`"my tickets were in the draw": Merkle inclusion proofs, public entry list, scheme versions (${dbKind()})`, () => {
  let scene: DrawScene;
  let t: TestDb, app: LocalServer, admin: User, ada: User, bob: User;
  beforeAll(async () => {
    scene = await openDrawScene();
    ({ t, app, admin, ada, bob } = scene);
  });
  afterAll(() => scene.close());

  const end = (id: string) => rest(t.db, "POST", `/api/admin/contests/${id}/status`, { body: { status: "ended" }, user: admin });
  const proof = (id: string, entry: string, user: User | null) =>
    rest(t.db, "GET", `/api/contests/${id}/draw/proof?entry=${encodeURIComponent(entry)}`, { user });

  it("a player proves each of their entries against the published root; others get 403/404, nothing before the close", async () => {
    const c = await createContest(t.db, { title: "Proof Draw", maxTickets: 100 });
    const mine = [await buyTickets(t.db, ada, c, 2), await buyTickets(t.db, ada, c, 1)];
    const theirs = await buyTickets(t.db, bob, c, 3);
    await buyTickets(t.db, bob, c, 1);
    const other = await createContest(t.db, { title: "Other" });
    const elsewhere = await buyTickets(t.db, ada, other, 1);

    // Before the close the list is not final: no proof, and no public entry-list file.
    expect((await proof(c.id, mine[0]!.id, ada)).status).toBe(409);
    const early = await rest(t.db, "GET", `/api/contests/${c.id}/draw/entries`);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe("The entry list is published when sales close");

    expect((await end(c.id)).status).toBe(200);
    const record = (await rest(t.db, "GET", `/api/contests/${c.id}/draw`)).body;
    expect(record.scheme).toBe(2);
    for (const e of mine) {
      const res = await proof(c.id, e.id, ada);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ contestId: c.id, entryId: e.id, scheme: 2, leafCount: 4, root: record.entriesHash });
      expect(res.body.leaf).toBe(`${e.firstTicket}-${e.lastTicket}:${e.id}`);
      expect(await verifyInclusion(res.body, record.entriesHash)).toBe(true);
      // Nobody else's name or id is in it: only hashes and the player's own line.
      expect(JSON.stringify(res.body)).not.toContain(bob.id);
      expect(JSON.stringify(res.body)).not.toContain("Bob");
    }
    const refused = await proof(c.id, theirs.id, ada);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/belongs to another player/);
    expect((await proof(c.id, "no-such-entry", ada)).status).toBe(404);
    expect((await proof(c.id, elsewhere.id, ada)).status).toBe(404);
    expect((await proof("no-such-contest", mine[0]!.id, ada)).status).toBe(404);
    expect((await proof(c.id, mine[0]!.id, null)).status).toBe(401);
    expect((await rest(t.db, "GET", `/api/contests/${c.id}/draw/proof`, { user: ada })).status).toBe(400);

    // After the close the pseudonymous list (entry ids and ranges, no names) is public.
    const file = await rest(t.db, "GET", `/api/contests/${c.id}/draw/entries`);
    expect(file.status).toBe(200);
  });

  it("proofs are rate-limited per player (60 a minute, whatever the answer); the 61st answers 429", async () => {
    const c = await createContest(t.db, { title: "Rate" });
    const flood = await createUser(t.db, {});
    for (let i = 0; i < PROOF_RATE_RULE.limit; i++) {
      await expect(inclusionProof(t.db, c.id, "no-such-entry", flood.id)).rejects.toThrow("No such entry");
    }
    const res = await proof(c.id, "no-such-entry", flood);
    expect(res.status).toBe(429);
    expect(res.body.message).toMatch(/too quickly/);
    expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  it("the chunked tree (roots of aligned chunks) gives the whole tree's root and valid proofs at every position", async () => {
    const c = await createContest(t.db, { title: "Chunked", maxTickets: 100 });
    const entries = [];
    for (let i = 0; i < 11; i++) entries.push(await buyTickets(t.db, i % 2 ? ada : bob, c, 1 + (i % 3)));
    expect((await end(c.id)).status).toBe(200);
    const row = await t.db.contest.findUniqueOrThrow({ where: { id: c.id } });
    // Chunks of 4 leaves: 3 chunks, the last one partial (an odd subtree carried up).
    expect(await buildDrawTree(t.db, c.id, 4)).toBe(row.entriesHash);
    expect(await entriesHashOf(entries, 2)).toBe(row.entriesHash);
    for (const e of entries) {
      const p = await inclusionProof(t.db, c.id, e.id, e.userId);
      expect(await verifyInclusion(p, row.entriesHash as string), e.id).toBe(true);
    }
  });

  it("the verifier script checks an inclusion proof against the public root (exit 0), and refuses a forged one (exit 1)", async () => {
    const c = await createContest(t.db, { title: "Script Proof", maxTickets: 100 });
    const e = await buyTickets(t.db, ada, c, 2);
    await buyTickets(t.db, bob, c, 5);
    expect((await end(c.id)).status).toBe(200);
    const body = (await proof(c.id, e.id, ada)).body;
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), "draw-proof-"));
    try {
      const good = path.join(dir, "proof.json");
      await fs.writeFile(good, JSON.stringify(body));
      const script = ["node_modules/.bin/tsx", "scripts/tools/verify-draw.ts"] as const;
      const ok = await run(script[0], [script[1], app.url, c.id, "--proof", good]);
      expect(ok.stdout).toContain(
        `OK   entry ${body.leaf} (#${body.index + 1} of 2) is included under the published entriesHash`,
      );
      expect(ok.stdout).toContain("OK   entry list's Merkle root is entriesHash");
      expect(ok.stdout).toMatch(/^VERIFIED$/m);

      const forged = path.join(dir, "forged.json");
      await fs.writeFile(forged, JSON.stringify({ ...body, leaf: body.leaf.replace(/^1-2/, "1-7") }));
      const failed = await run(script[0], [script[1], app.url, c.id, "--proof", forged]).then(
        () => null,
        (err: { code: number; stdout: string }) => err,
      );
      expect(failed?.code).toBe(1);
      expect(failed?.stdout).toContain("FAIL entry 1-7:");
      expect(failed?.stdout).toMatch(/^NOT VERIFIED$/m);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it("a scheme-1 record (closed before Merkle trees) still verifies with its flat hash; it has no proofs", async () => {
    const c = await createContest(t.db, { title: "Scheme One", maxTickets: 100 });
    const e = await buyTickets(t.db, ada, c, 3);
    await buyTickets(t.db, bob, c, 2);
    // As the server before this change closed and drew it: entriesHash = SHA-256 of the list's text.
    const [{ hash } = { hash: "" }] = await t.db.$queryRaw<{ hash: string }[]>`SELECT (${ENTRIES_HASH_SQL(c.id)}) AS hash`;
    const row = await t.db.contest.findUniqueOrThrow({ where: { id: c.id } });
    const winningTicket = await computeDrawWinner({
      seed: row.drawSeed,
      contestId: c.id,
      soldTickets: 5,
      method: "entries",
      entriesHash: hash,
      beaconRandomness: null,
    });
    const holder = winningTicket! <= 3 ? ada : bob;
    const now = new Date();
    await t.db.contest.update({
      where: { id: c.id },
      data: {
        status: "ended",
        salesClosedAt: now,
        drawnAt: now,
        drawMethod: "entries",
        entriesHash: hash,
        winningTicket,
        winnerId: holder.id,
      },
    });
    const r = (await rest(t.db, "GET", `/api/contests/${c.id}/draw`)).body;
    expect(r).toMatchObject({ scheme: 1, entriesHash: hash, method: "entries" });
    const v = await verifyDraw(app.url, c.id);
    expect(v.lines.join("\n")).toContain("OK   entry list hashes to entriesHash");
    expect(v).toMatchObject({ ok: true, winningTicket });
    const res = await proof(c.id, e.id, ada);
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/scheme 1/);
  });
});
