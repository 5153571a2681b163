/**
 * Withdrawals: networks per coin, amount limits, wallet-address validation and the request schema,
 * shared by the withdraw form and the server (docs/payments.md "Withdrawals").
 */
import { sha256 } from "@noble/hashes/sha2.js";
import { base58, base64, base64urlnopad, bech32, bech32m, createBase58check } from "@scure/base";
import { keccak_256 } from "@noble/hashes/sha3.js";
import { z } from "zod";
import "./schemas/zod-config";
import { pageFields } from "./schemas/paging";
import { CRYPTO_CURRENCIES, type CryptoCurrency } from "./constants";
import { compareMoney, formatUsd } from "./money";

import { COIN_NETWORKS, NETWORK_LABELS, WITHDRAWAL_NETWORKS, type WithdrawalNetwork } from "./networks";

export { COIN_NETWORKS, NETWORK_LABELS, WITHDRAWAL_NETWORKS, type WithdrawalNetwork };

/** USD per withdrawal (inclusive). */
export const WITHDRAWAL_LIMITS = { min: "10", max: "5000" } as const;

export const WITHDRAWAL_STATUSES = ["pending", "processing", "paid", "rejected", "failed"] as const;
export type WithdrawalStatusName = (typeof WITHDRAWAL_STATUSES)[number];

export const WITHDRAWAL_MESSAGES = {
  amountRequired: "Please enter an amount",
  amountFormat: "Amount must be a number with at most 2 decimals",
  amountMin: `Minimum withdrawal is ${formatUsd(WITHDRAWAL_LIMITS.min)}`,
  amountMax: `Maximum withdrawal is ${formatUsd(WITHDRAWAL_LIMITS.max)}`,
  currency: `Currency must be one of ${CRYPTO_CURRENCIES.join(", ")}`,
  network: `Network must be one of ${WITHDRAWAL_NETWORKS.join(", ")}`,
  networkForCoin: (coin: CryptoCurrency) => `${coin} can be sent on ${COIN_NETWORKS[coin].join(", ")} only`,
  addressRequired: "Please enter a wallet address",
  address: (network: WithdrawalNetwork) => `Invalid ${NETWORK_LABELS[network]} address`,
  evmChecksum: "Address checksum (EIP-55) does not match: check the letters' case",
  reasonRequired: "Please give a reason",
  insufficient: "Insufficient balance for this withdrawal",
  /** Enough balance, but part of it is site credit, which is spent on tickets and never withdrawn. */
  creditNotWithdrawable: (cash: string) =>
    `Only cash can be withdrawn: your withdrawable balance is ${formatUsd(cash)} (site credit is for tickets and spins)`,
} as const;

// ---------- address checks ----------

/** Base58check with Bitcoin's double SHA-256 checksum (@scure/base, audited; also TRON's encoding). */
const base58check = createBase58check(sha256);

/** Base58check payload (version byte first) when the 4-byte checksum matches, else null. */
export function base58CheckDecode(text: string): Uint8Array | null {
  if (text.length < 5 || text.length > 60) return null;
  try {
    return base58check.decode(text);
  } catch {
    return null;
  }
}

/** A mainnet segwit address (bc1…): bech32 for witness v0 (20 or 32 bytes), bech32m for v1+ (BIP-173/350). */
export function isBech32BtcAddress(address: string): boolean {
  return isSegwitAddress(address, "bc");
}

export function isBtcAddress(address: string): boolean {
  if (/^bc1/i.test(address)) return isBech32BtcAddress(address);
  const payload = base58CheckDecode(address);
  return !!payload && payload.length === 21 && (payload[0] === 0x00 || payload[0] === 0x05);
}

export function isTronAddress(address: string): boolean {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address)) return false;
  const payload = base58CheckDecode(address);
  return !!payload && payload.length === 21 && payload[0] === 0x41;
}

/** A mainnet segwit address of `hrp` ("bc", "ltc"): bech32 for witness v0 (20 or 32 bytes), bech32m for v1+. */
function isSegwitAddress(address: string, hrp: string): boolean {
  if (address.length < 14 || address.length > 90) return false;
  const codec = new RegExp(`^${hrp}1q`, "i").test(address) ? bech32 : bech32m;
  try {
    const { prefix, words } = codec.decode(address as `${string}1${string}`, 90);
    if (prefix !== hrp || words.length < 1) return false;
    const version = words[0] as number;
    if (version > 16) return false;
    const program = codec.fromWords(words.slice(1));
    if (program.length < 2 || program.length > 40) return false;
    return version !== 0 || program.length === 20 || program.length === 32;
  } catch {
    return false;
  }
}

/** Litecoin mainnet: ltc1… (segwit), L… or M… (P2PKH / P2SH, versions 0x30 / 0x32) or the older 3… P2SH (0x05). */
export function isLitecoinAddress(address: string): boolean {
  if (/^ltc1/i.test(address)) return isSegwitAddress(address, "ltc");
  const payload = base58CheckDecode(address);
  return !!payload && payload.length === 21 && [0x30, 0x32, 0x05].includes(payload[0] as number);
}

/** Solana: a 32-byte public key in base58 (no checksum in the format: length and alphabet are all one can check). */
export function isSolanaAddress(address: string): boolean {
  if (!/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(address)) return false;
  try {
    return base58.decode(address).length === 32;
  } catch {
    return false;
  }
}

/** CRC-16/XMODEM, the checksum of a TON user-friendly address. */
function crc16xmodem(bytes: Uint8Array): number {
  let crc = 0;
  for (const byte of bytes) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/**
 * TON mainnet: the raw form `0:<64 hex>` (or `-1:` for the masterchain), or the 48-character
 * user-friendly form (base64 or base64url of flags, workchain, 32-byte account and its CRC-16);
 * a testnet-only address (flag 0x80) is refused.
 */
export function isTonAddress(address: string): boolean {
  if (/^(0|-1):[0-9a-fA-F]{64}$/.test(address)) return true;
  if (!/^[A-Za-z0-9_\-+/]{48}$/.test(address)) return false;
  let bytes: Uint8Array;
  try {
    bytes = /[-_]/.test(address) ? base64urlnopad.decode(address) : base64.decode(address);
  } catch {
    return false;
  }
  if (bytes.length !== 36) return false;
  const flags = bytes[0] as number;
  if (flags !== 0x11 && flags !== 0x51) return false;
  if (bytes[1] !== 0x00 && bytes[1] !== 0xff) return false;
  const crc = crc16xmodem(bytes.subarray(0, 34));
  return bytes[34] === crc >> 8 && bytes[35] === (crc & 0xff);
}

/** EIP-55 checksum form of a 0x address (for messages and tests). */
export function toChecksumAddress(address: string): string {
  const hex = address.slice(2).toLowerCase();
  const hash = keccak_256(new TextEncoder().encode(hex));
  let out = "0x";
  for (let i = 0; i < 40; i++) {
    const nibble = ((hash[i >> 1] as number) >> (i % 2 === 0 ? 4 : 0)) & 0xf;
    out += nibble >= 8 ? (hex[i] as string).toUpperCase() : hex[i];
  }
  return out;
}

/** "ok", "format" or "checksum": all-lower / all-upper hex is accepted; mixed case must be EIP-55. */
export function checkEvmAddress(address: string): "ok" | "format" | "checksum" {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return "format";
  const body = address.slice(2);
  if (body === body.toLowerCase() || body === body.toUpperCase()) return "ok";
  return toChecksumAddress(address) === address ? "ok" : "checksum";
}

/** null when valid for the network, else the message to show. */
export function addressProblem(network: WithdrawalNetwork, address: string): string | null {
  switch (network) {
    case "BTC":
      return isBtcAddress(address) ? null : WITHDRAWAL_MESSAGES.address(network);
    case "TRC20":
      return isTronAddress(address) ? null : WITHDRAWAL_MESSAGES.address(network);
    case "ERC20":
    case "BEP20": {
      const r = checkEvmAddress(address);
      return r === "ok" ? null : r === "checksum" ? WITHDRAWAL_MESSAGES.evmChecksum : WITHDRAWAL_MESSAGES.address(network);
    }
    case "LTC":
      return isLitecoinAddress(address) ? null : WITHDRAWAL_MESSAGES.address(network);
    case "SOL":
      return isSolanaAddress(address) ? null : WITHDRAWAL_MESSAGES.address(network);
    case "TON":
      return isTonAddress(address) ? null : WITHDRAWAL_MESSAGES.address(network);
  }
}

// ---------- schemas ----------

const AMOUNT_TEXT = /^\d{1,9}(\.\d{1,2})?$/;

export const withdrawalAmountSchema = z
  .string(WITHDRAWAL_MESSAGES.amountRequired)
  .trim()
  .min(1, WITHDRAWAL_MESSAGES.amountRequired)
  .regex(AMOUNT_TEXT, WITHDRAWAL_MESSAGES.amountFormat)
  // Limits only for well-formed amounts (zod runs refinements after a failed regex too).
  .refine((v) => !AMOUNT_TEXT.test(v) || compareMoney(v, WITHDRAWAL_LIMITS.min) >= 0, WITHDRAWAL_MESSAGES.amountMin)
  .refine((v) => !AMOUNT_TEXT.test(v) || compareMoney(v, WITHDRAWAL_LIMITS.max) <= 0, WITHDRAWAL_MESSAGES.amountMax);

export const createWithdrawalSchema = z
  .object({
    amount: withdrawalAmountSchema,
    cryptoCurrency: z.enum(CRYPTO_CURRENCIES, WITHDRAWAL_MESSAGES.currency),
    network: z.enum(WITHDRAWAL_NETWORKS, WITHDRAWAL_MESSAGES.network),
    address: z.string(WITHDRAWAL_MESSAGES.addressRequired).trim().min(1, WITHDRAWAL_MESSAGES.addressRequired).max(100),
  })
  .superRefine((v, ctx) => {
    if (!COIN_NETWORKS[v.cryptoCurrency].includes(v.network)) {
      ctx.addIssue({ code: "custom", path: ["network"], message: WITHDRAWAL_MESSAGES.networkForCoin(v.cryptoCurrency) });
      return;
    }
    const problem = addressProblem(v.network, v.address);
    if (problem) ctx.addIssue({ code: "custom", path: ["address"], message: problem });
  });
export type CreateWithdrawalInput = z.input<typeof createWithdrawalSchema>;

export const withdrawalIdSchema = z.object({ id: z.string().trim().min(1, "Withdrawal id is required").max(100) });
export const rejectWithdrawalSchema = withdrawalIdSchema.extend({
  reason: z
    .string(WITHDRAWAL_MESSAGES.reasonRequired)
    .trim()
    .min(1, WITHDRAWAL_MESSAGES.reasonRequired)
    .max(500, "Reason must be at most 500 characters"),
});

/**
 * The admin Withdrawals list (docs/payments.md "Withdrawals"): the pending queue oldest first, or with
 * `status: "all"` every withdrawal newest first; a keyset page of either (`limit`, `cursor` = the last id seen).
 */
export const adminWithdrawalsQuerySchema = z.object({ status: z.enum(["pending", "all"]).default("pending"), ...pageFields });
export type AdminWithdrawalsQuery = { status?: "pending" | "all"; limit?: number; cursor?: string | null };
