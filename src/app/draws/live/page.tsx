import { LiveDrawsPage } from "@/components/contests/LiveDrawsPage";
import { getDb } from "@/server/platform/db";
import { logger } from "@/server/platform/logger";
import { listLiveDraws } from "@/server/services/draws";

export const dynamic = "force-dynamic";
export const metadata = {
  title: "Live draws",
  description: "Upcoming contest draws with countdowns, and each draw revealed live with its proof.",
};

/**
 * The lists come with the page: drawn in the browser after a request of its own, they pushed the
 * footer half a screen down as they arrived (a layout shift of 0.52 on a phone, bench/README.md).
 */
export default async function LiveDrawsRoute() {
  // A failed read leaves the lists to the browser, which reads them itself and says so if it cannot.
  const initial = await getDb()
    .then((db) => listLiveDraws(db))
    .catch((err: unknown) => {
      logger.warn({ err }, "live draws: the page's server read failed; the browser reads the lists");
      return undefined;
    });
  return <LiveDrawsPage initial={initial} />;
}
