import { PrizesPage } from "@/components/prizes/PrizesPage";

export const dynamic = "force-dynamic";
export const metadata = { title: "My Prizes" };

export default function MyPrizesPage() {
  return <PrizesPage />;
}
