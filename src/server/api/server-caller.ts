import "server-only";
import { headers } from "next/headers";
import { createContextInner } from "./context";
import { createCaller } from "./root";
import { getDb } from "../platform/db";

/** A caller for server components: same procedures, same rules, no HTTP hop. */
export async function getServerCaller() {
  const h = new Headers(await headers());
  const ctx = await createContextInner({ db: await getDb(), headers: h });
  return createCaller(ctx);
}
