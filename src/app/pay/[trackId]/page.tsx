import { PayPage } from "@/components/payments/PayPage";

export const dynamic = "force-dynamic";
export const metadata = { title: "Payment" };

export default async function PayTrackPage({ params }: { params: Promise<{ trackId: string }> }) {
  const { trackId } = await params;
  return <PayPage trackId={trackId} />;
}
