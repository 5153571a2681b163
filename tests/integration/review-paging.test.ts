/**
 * The review queue is paged like every growing admin list (docs/performance.md "Every list is a
 * page"): the open queue oldest first, everything newest first with ?status=all, a keyset page each.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { User } from "../../src/generated/prisma/client";
import { openReview } from "../../src/server/services/money";
import { createTestDb, dbKind, type TestDb } from "../helpers/db";
import { createUser, rest } from "../helpers/fixtures";

describe(`review queue pages (${dbKind()})`, () => {
  let t: TestDb;
  let admin: User;
  const ids: string[] = [];
  beforeAll(async () => {
    t = await createTestDb();
    admin = await createUser(t.db, { role: "finance" });
    const player = await createUser(t.db);
    const start = Date.now() - 3_600_000;
    for (let i = 0; i < 57; i++) {
      await t.db.$transaction((tx) =>
        openReview(tx, { kind: "late_payment", dedupeKey: `paging-${i}`, userId: player.id, amount: "1", summary: `entry ${i}` }),
      );
      const row = await t.db.reviewItem.update({
        where: { dedupeKey: `paging-${i}` },
        data: { createdAt: new Date(start + i * 1_000), ...(i % 3 === 0 ? { status: "resolved" as const } : {}) },
      });
      ids.push(row.id);
    }
  });
  afterAll(() => t.close());

  it("open entries oldest first, 50 a page, the rest after the cursor; every entry newest first with status=all", async () => {
    const open = ids.filter((_, i) => i % 3 !== 0); // 38 open
    const first = await rest(t.db, "GET", "/api/admin/review?limit=20", { user: admin });
    expect(first.status).toBe(200);
    expect(first.body.map((r: { id: string }) => r.id)).toEqual(open.slice(0, 20));
    const next = await rest(t.db, "GET", `/api/admin/review?limit=20&cursor=${first.body.at(-1).id}`, { user: admin });
    expect(next.body.map((r: { id: string }) => r.id)).toEqual(open.slice(20));
    // Default page size: 50, so all 57 need two pages, newest first.
    const all = await rest(t.db, "GET", "/api/admin/review?status=all", { user: admin });
    expect(all.body).toHaveLength(50);
    expect(all.body.map((r: { id: string }) => r.id)).toEqual([...ids].reverse().slice(0, 50));
    const rest2 = await rest(t.db, "GET", `/api/admin/review?status=all&cursor=${all.body.at(-1).id}`, { user: admin });
    expect(rest2.body.map((r: { id: string }) => r.id)).toEqual([...ids].reverse().slice(50));
    expect((await rest(t.db, "GET", "/api/admin/review?cursor=nope", { user: admin })).status).toBe(400);
  });
});
