import { ComplaintsPage } from "@/components/complaints/ComplaintsPage";

export const dynamic = "force-dynamic";
export const metadata = { title: "Complaints" };

export default function MyComplaintsPage() {
  return <ComplaintsPage />;
}
