import { PaymentHistory } from "@/components/payments/PaymentHistory";

export const dynamic = "force-dynamic";
export const metadata = { title: "My Payments" };

export default function PaymentsPage() {
  return <PaymentHistory />;
}
