/** The QR code a wallet scans to pay an invoice: a data: URL (PNG) drawn here, never an outside image (CSP). */
import QRCode from "qrcode";
import type { CryptoCurrency } from "@/shared/constants";

/** Payment-URI schemes wallets understand (BIP-21 style: `scheme:address?amount=`). */
const URI_SCHEME: Record<CryptoCurrency, string> = {
  BTC: "bitcoin",
  ETH: "ethereum",
  USDT: "tether",
  BNB: "bnb",
  USDC: "usdc",
  LTC: "litecoin",
  TRX: "tron",
  SOL: "solana",
  TON: "ton",
};

export function paymentQrCode(crypto: CryptoCurrency, address: string, payAmount: string): Promise<string> {
  return QRCode.toDataURL(`${URI_SCHEME[crypto]}:${address}?amount=${payAmount}`, { margin: 1, width: 240 });
}
