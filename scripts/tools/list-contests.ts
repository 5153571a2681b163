/** Example internal tool: lists contests through the typed client. Usage: npm run example:client [baseUrl] */
import { createApiClient } from "../../src/client";

const baseUrl = process.argv[2] ?? process.env.APP_URL ?? "http://localhost:3000";
const api = createApiClient(baseUrl);
const contests = await api.contests.list.query();
for (const c of contests) {
  const left = c.maxTickets === null ? "∞" : String(c.maxTickets - c.soldTickets);
  console.log(`${c.id.padEnd(22)} ${c.category.padEnd(14)} $${c.ticketPrice.padStart(6)}  left ${left.padStart(7)}  ${c.title}`);
}
console.log(`${contests.length} active contests at ${baseUrl}`);
