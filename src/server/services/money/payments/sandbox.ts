/** The sandbox's pay page and its "Simulate payment" (demo mode only). */
import { isStaffRole } from "@/shared/staff";
import type { User } from "@/generated/prisma/client";
import { Prisma } from "@/generated/prisma/client";
import type { Db } from "../../../platform/db";
import { notFound } from "../../../platform/errors";
import { getGateway, type PaymentGateway, paymentsSimulated } from "../../../gateways";
import { paymentQrCode } from "../../../gateways/qr";
import { SandboxGateway } from "../../../gateways/sandbox/payments";
import { toPaymentRow } from "./approval";
import { processWebhook } from "./gateway-status";

/** The sandbox pay page's data: only the payment's owner (or an admin) may see it. */
export async function getPayPage(db: Db, user: Pick<User, "id" | "role">, trackId: string) {
  const p = await db.payment.findUnique({ where: { trackId } });
  if (!p || (p.userId !== user.id && !isStaffRole(user.role))) throw notFound("Payment not found");
  const qrCode = p.address && p.payAmount ? await paymentQrCode(p.cryptoCurrency, p.address, p.payAmount) : null;
  const isSandbox = p.provider === "sandbox";
  // Only the owner may pay (simulate), and only while the sandbox is the configured gateway.
  return { ...toPaymentRow(p), qrCode, isSandbox, canSimulate: isSandbox && p.userId === user.id && paymentsSimulated() };
}

/**
 * Sandbox only: the "Simulate payment" button and `POST /api/payments/sandbox/{trackId}/pay`. The
 * server plays the gateway: it signs a 'Paid' webhook with this installation's sandbox key and hands
 * it to processWebhook in-process (the same checks as a delivered one), never over the network.
 * Only the payment's owner; 404 when a real gateway is configured or the payment is not a sandbox one.
 */
export async function simulateSandboxPayment(
  db: Db,
  user: Pick<User, "id">,
  trackId: string,
  opts: {
    gateway?: PaymentGateway /** USD actually sent; less than the invoice simulates an underpayment. */;
    usd?: string;
  } = {},
) {
  if (!opts.gateway && !paymentsSimulated()) throw notFound("Not found: simulated payments exist only in the sandbox");
  const p = await db.payment.findUnique({ where: { trackId } });
  if (!p || p.userId !== user.id || p.provider !== "sandbox") throw notFound("Payment not found");
  const gateway = opts.gateway ?? (await getGateway(db));
  if (!(gateway instanceof SandboxGateway)) throw notFound("Not found: simulated payments exist only in the sandbox");
  const sent = opts.usd ? Prisma.Decimal.min(new Prisma.Decimal(opts.usd), p.amount) : p.amount;
  const short = sent.lt(p.amount);
  const cryptoSent =
    short && p.payAmount
      ? new Prisma.Decimal(p.payAmount).mul(sent).div(p.amount).toDecimalPlaces(8, Prisma.Decimal.ROUND_DOWN).toFixed()
      : p.payAmount;
  const payload = {
    track_id: p.trackId,
    status: short ? "Underpaid" : "Paid",
    type: "invoice",
    amount: Number(p.amount.toFixed(2)),
    currency: p.currency,
    order_id: p.id,
    description: "SANDBOX simulated payment",
    date: Math.floor(Date.now() / 1000),
    txs: [
      {
        status: "confirmed",
        tx_hash: `sandbox-${p.trackId}`,
        amount: cryptoSent,
        currency: p.cryptoCurrency,
        address: p.address,
        confirmations: 1,
      },
    ],
  };
  const { body, signature } = gateway.signedWebhook(payload);
  await processWebhook(db, body, signature, { gateway });
  const after = await db.payment.findUniqueOrThrow({ where: { id: p.id } });
  return { message: "Simulated payment delivered", payment: toPaymentRow(after) };
}
