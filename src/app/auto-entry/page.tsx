import { AutoEntryPage } from "@/components/auto-entry/AutoEntryPage";

export const dynamic = "force-dynamic";
export const metadata = { title: "Auto-entry" };

export default function MyAutoEntriesPage() {
  return <AutoEntryPage />;
}
