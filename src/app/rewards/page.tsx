import { RewardsPage } from "@/components/retention/RewardsPage";

export const dynamic = "force-dynamic";
export const metadata = { title: "Rewards" };

export default function MyRewardsPage() {
  return <RewardsPage />;
}
