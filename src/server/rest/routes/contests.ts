import type { RestRoute } from "../types";

export const contestRoutes: RestRoute[] = [
  { method: "GET", path: "/api/contests", call: (c) => c.contests.list() },
  { method: "GET", path: "/api/contests/:id", call: (c, { params }) => c.contests.byId({ id: params.id ?? "" }) },
  { method: "GET", path: "/api/winner-posts", call: (c) => c.contests.publishedWinners() },
];
