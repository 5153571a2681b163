import { WithdrawPage } from "@/components/withdrawals/WithdrawPage";

export const dynamic = "force-dynamic";
export const metadata = { title: "Withdraw" };

export default function WithdrawalsPage() {
  return <WithdrawPage />;
}
