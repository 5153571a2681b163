import { LiveDrawsPage } from "@/components/contests/LiveDrawsPage";

export const dynamic = "force-dynamic";
export const metadata = {
  title: "Live draws",
  description: "Upcoming contest draws with countdowns, and each draw revealed live with its proof.",
};

export default function LiveDrawsRoute() {
  return <LiveDrawsPage />;
}
