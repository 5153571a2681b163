import type { RestRoute } from "../types";

/** docs/product.md §7 admin rows (payments and conversations live with their own areas). */
export const adminRoutes: RestRoute[] = [
  { method: "GET", path: "/api/admin/stats", call: (c) => c.admin.stats() },
  {
    method: "GET",
    path: "/api/admin/users",
    call: (c, { query }) => c.admin.users({ search: query.get("search") ?? undefined }),
  },
  {
    method: "POST",
    path: "/api/admin/users/:userId/toggle-admin",
    call: (c, { params, body }) => c.admin.toggleAdmin({ userId: params.userId ?? "", isAdmin: body.isAdmin as never }),
  },
  { method: "GET", path: "/api/admin/contests", call: (c) => c.admin.contests() },
  { method: "POST", path: "/api/admin/contests", status: 201, call: (c, { body }) => c.admin.createContest(body as never) },
  {
    method: "PUT",
    path: "/api/admin/contests/:contestId",
    call: (c, { params, body }) => c.admin.updateContest({ id: params.contestId ?? "", data: body as never }),
  },
  {
    method: "POST",
    path: "/api/admin/contests/:contestId/status",
    call: (c, { params, body }) => c.admin.setContestStatus({ contestId: params.contestId ?? "", status: body.status as never }),
  },
  { method: "GET", path: "/api/admin/analytics", call: (c) => c.admin.analytics() },
  { method: "GET", path: "/api/admin/winner-posts", call: (c) => c.admin.winnerPosts() },
  {
    method: "POST",
    path: "/api/admin/winner-posts",
    status: 201,
    call: (c, { body }) => c.admin.createWinnerPost(body as never),
  },
  {
    method: "PUT",
    path: "/api/admin/winner-posts/:id",
    call: (c, { params, body }) => c.admin.updateWinnerPost({ id: params.id ?? "", data: body as never }),
  },
  {
    method: "DELETE",
    path: "/api/admin/winner-posts/:id",
    call: (c, { params }) => c.admin.deleteWinnerPost({ id: params.id ?? "" }),
  },
];
